import type { ContentTreeRecord } from "../content-tree/get-content-tree";
import type { Urls } from "../http/urls";
import { presentOrganization } from "./organization";

/** The sidebar's content tree: the organization as its member sees it, then the nested items. */
export function presentContentTree(tree: ContentTreeRecord, urls: Urls) {
  return { organization: presentOrganization(tree.organization, tree.memberRole, urls.origin), items: tree.items };
}
