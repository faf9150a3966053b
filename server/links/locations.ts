import type { ContentRef } from "@gitbook/api";
import { openChangeRequestCommentCount } from "../comments/counts";
import type { OpenedRevision } from "../content/reads";
import type { PageVersion } from "../content/revisions";
import { ObjectStore } from "../content/store/object-store";
import { db } from "../db/client";
import type { LinkRelation } from "../content/format/link-targets";
import { spaceRecord, type SpaceRecord } from "../spaces/records";
import type { LinkGraph, LinkStatus } from "./link-graph";

/**
 * Links and backlinks as the services return them: a target is a relative ContentRef (what the
 * page body points at, which may not exist), and the pages that link are named by id, their
 * locations (`LocationRecords`) loaded once for the answer; server/presenters/link.ts shapes them
 * as the reference's absolute ContentLocations of kind `page`.
 */

export type LinkItem = { status: LinkStatus; relation: LinkRelation; ref: ContentRef; locations: string[] };

/**
 * What the locations of one answer show: the revision opened (its organization, space, change
 * request and app address), the space's record, the change request's open comments, and each
 * page's version with its path and markdown body.
 */
export type LocationRecords = {
  opened: OpenedRevision;
  space: SpaceRecord;
  changeRequestComments: number;
  pages: Map<string, { version: PageVersion; path: string; markdown: string }>;
};

/**
 * The locations of pages of `graph`. The reference's page object carries its body, so the bodies
 * of these pages (and only those) are read, in one query.
 */
export async function locationRecords(opened: OpenedRevision, graph: LinkGraph, pageIds: Iterable<string>): Promise<LocationRecords> {
  const versions = [...new Set(pageIds)].map((pageId) => graph.pageById.get(pageId)!);
  const [bodies, space, changeRequestComments] = await Promise.all([
    new ObjectStore(db(), opened.revision.spaceId).getBodies(versions.map((version) => version.body)),
    spaceRecord(db(), opened.space, opened.role),
    opened.changeRequest ? openChangeRequestCommentCount(db(), opened.space.id, opened.changeRequest.id) : 0,
  ]);
  return {
    opened,
    space,
    changeRequestComments,
    pages: new Map(versions.map((version) => [version.id, { version, path: graph.paths.get(version.id)!, markdown: bodies.get(version.body)! }])),
  };
}
