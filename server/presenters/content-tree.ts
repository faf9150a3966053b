import type { ContentTreeRecord } from "../content-tree/get-content-tree";
import type { Urls } from "../http/urls";
import { presentOrganizationRecord } from "./organization";

/** The sidebar's content tree: the organization as its member sees it, then the nested items. */
export function presentContentTree(tree: ContentTreeRecord, urls: Urls) {
  return { organization: presentOrganizationRecord({ ...tree.organization, memberRole: tree.memberRole }, urls), items: tree.items };
}
