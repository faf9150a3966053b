import type { ContentRef } from "@gitbook/api";
import type { ServiceContext } from "../context";
import type { OpenedRevision } from "../content/reads";
import { ObjectStore } from "../content/store/object-store";
import { db } from "../db/client";
import { presentChangeRequestWithAccess } from "../presenters/change-request";
import { presentOrganization } from "../presenters/organization";
import { presentPage } from "../presenters/revision";
import { presentSpaceWithPublication } from "../presenters/space";
import type { LinkRelation } from "../content/format/link-targets";
import type { LinkGraph, LinkStatus } from "./link-graph";
import { openChangeRequestCommentCount, openSpaceCommentCount } from "../comments/counts";
import { spacePublication } from "../sites/space-publications";

/**
 * Links and backlinks as the reference shapes them: a target is a relative ContentRef (what the
 * page body points at, which may not exist), and a place that links is an absolute
 * ContentLocation of kind `page`, with its organization, space and, read from a change request,
 * the change request as `versionContext`. A main revision's context would be the whole Revision
 * (every page with its body) once per location, so it is left out: the field is optional.
 */

export type LinkItem = { status: LinkStatus; relation: LinkRelation; ref: ContentRef; locations: string[] };

/**
 * Presents pages of `graph` as locations. The reference's page object carries its body, so
 * the bodies of the pages presented (and only those) are read, in one query.
 */
export async function locationPresenter(ctx: ServiceContext, opened: OpenedRevision, graph: LinkGraph, pageIds: Iterable<string>) {
  const versions = [...new Set(pageIds)].map((pageId) => graph.pageById.get(pageId)!);
  const [bodies, spaceComments, changeRequestComments, publication] = await Promise.all([
    new ObjectStore(db(), opened.revision.spaceId).getBodies(versions.map((version) => version.body)),
    openSpaceCommentCount(db(), opened.space.id),
    opened.changeRequest ? openChangeRequestCommentCount(db(), opened.space.id, opened.changeRequest.id) : 0,
    spacePublication(db(), opened.space.id, ctx.baseUrl),
  ]);
  const common = {
    kind: "page" as const,
    organization: presentOrganization(opened.organization, opened.memberRole, ctx.baseUrl),
    space: presentSpaceWithPublication(opened.space, opened.role, ctx.baseUrl, spaceComments, publication),
    ...(opened.changeRequest
      ? { versionContext: { type: "changeRequest" as const, changeRequest: presentChangeRequestWithAccess(opened.changeRequest, opened, ctx.baseUrl, changeRequestComments) } }
      : {}),
  };
  const locations = new Map(
    versions.map(({ body, links: _, ...fields }) => [
      fields.id,
      { ...common, page: presentPage(fields, { path: graph.paths.get(fields.id)!, body: { markdown: bodies.get(body)! }, pages: [], appBase: opened.appBase }) },
    ]),
  );
  return (pageId: string) => locations.get(pageId)!;
}

export type LocationObject = ReturnType<Awaited<ReturnType<typeof locationPresenter>>>;

export function presentLinkItem(item: LinkItem, location: (pageId: string) => LocationObject) {
  return { status: item.status, relation: item.relation, targetReference: item.ref, locationReferences: item.locations.map(location) };
}
