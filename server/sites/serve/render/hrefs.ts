import type { ModelPage, ModelSection, ModelSiteSpace, SiteAddress } from "../types";

/*
 * TEMPORARY (render): the URL scheme of COMMON.md's routing contract, until helper "model"'s
 * server/sites/serve/paths.ts lands; then these imports switch to it and this file goes.
 */
const join = (address: SiteAddress, parts: string[]) => {
  const rest = parts.filter(Boolean).join("/");
  return rest ? `${address.basePath}/${rest}` : address.basePath || "/";
};

export const siteSpaceHref = (address: SiteAddress, section: ModelSection | null, siteSpace: ModelSiteSpace) => join(address, [section?.path ?? "", siteSpace.path]);
export const pageHref = (address: SiteAddress, section: ModelSection | null, siteSpace: ModelSiteSpace, page: ModelPage) =>
  join(address, [section?.path ?? "", siteSpace.path, page.path]);
export const internalHref = (address: SiteAddress, path: string) => `${address.basePath}/${path}`;
export const fileHref = (address: SiteAddress, spaceId: string, fileId: string) => internalHref(address, `~/files/${encodeURIComponent(spaceId)}/${encodeURIComponent(fileId)}`);
