import type { Urls } from "../http/urls";
import type { LinkItem, LocationRecords } from "../links/locations";
import type { ListResult } from "../pagination";
import { presentChangeRequest } from "./change-request";
import { presentOrganizationRecord } from "./organization";
import { presentPage } from "./revision";
import { presentSpace } from "./space";

/**
 * Links and backlinks as the reference shapes them (server/links/locations.ts): a place that links
 * is an absolute ContentLocation of kind `page`, with its organization, space and, read from a
 * change request, the change request as `versionContext`. A main revision's context would be the
 * whole Revision (every page with its body) once per location, so it is left out: the field is optional.
 */
export function locationPresenter(records: LocationRecords, urls: Urls) {
  const { opened } = records;
  const common = {
    kind: "page" as const,
    organization: presentOrganizationRecord({ ...opened.organization, memberRole: opened.memberRole }, urls),
    space: presentSpace(records.space, urls),
    ...(opened.changeRequest
      ? { versionContext: { type: "changeRequest" as const, changeRequest: presentChangeRequest({ ...opened.changeRequest, space: opened.space, role: opened.role, viewerId: opened.userId, openComments: records.changeRequestComments }, urls) } }
      : {}),
  };
  const locations = new Map(
    [...records.pages].map(([pageId, { version, path, markdown }]) => {
      const { body: _, links: __, ...fields } = version;
      return [pageId, { ...common, page: presentPage(fields, { path, body: { markdown }, pages: [], appBase: urls.contentApp(opened.space, opened.place) }) }];
    }),
  );
  return (pageId: string) => locations.get(pageId)!;
}

export type LocationObject = ReturnType<ReturnType<typeof locationPresenter>>;

function presentLinkItem(item: LinkItem, location: (pageId: string) => LocationObject) {
  return { status: item.status, relation: item.relation, targetReference: item.ref, locationReferences: item.locations.map(location) };
}

/** A page of links (server/links/list-links.ts), each with the locations of the pages linking to its target. */
export function presentLinks<T extends ListResult<LinkItem>>({ locations, ...page }: T & { locations: LocationRecords }, urls: Urls) {
  const location = locationPresenter(locations, urls);
  return { ...page, items: page.items.map((item) => presentLinkItem(item, location)) };
}

/** A page of backlinks (server/links/list-backlinks.ts): the locations of the pages linking. */
export function presentBacklinks<T extends ListResult<{ id: string }>>({ locations, ...page }: T & { locations: LocationRecords }, urls: Urls) {
  const location = locationPresenter(locations, urls);
  return { ...page, items: page.items.map((row) => location(row.id)) };
}
