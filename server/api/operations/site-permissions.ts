import { sitePath } from "../../sites/schemas";
import { sharingOperations } from "./permissions";

/**
 * The reference's `site-permissions` and `site-users` operations (and Quire's own `…/permissions/explain`):
 * grants on a site to members and teams, the same operations and services as on spaces and collections.
 */
export const sitePermissionOperations = sharingOperations({
  Kind: "Site",
  base: "/v1/orgs/{organizationId}/sites/{siteId}/permissions",
  path: sitePath,
  targetOf: (params) => ({ type: "site", id: params.siteId!, organizationId: params.organizationId! }),
});
