import { inviteToContent } from "../../grants/invite-to-content";
import { listAccessAggregate } from "../../grants/list-access-aggregate";
import { listTeamGrants, listUserGrants } from "../../grants/queries";
import { removeGrant } from "../../grants/remove-grant";
import { inviteInput, listAggregateParams, updateGrantInput } from "../../grants/schemas";
import { updateGrant } from "../../grants/update-grant";
import { entityIdSchema } from "../../ids";
import { listParams } from "../../pagination";
import type { ContentTarget } from "../../policies/grant";
import { sitePath } from "../../sites/schemas";
import { defineOperation } from "../operation";

/**
 * The reference's `site-permissions` and `site-users` operations: grants on a site to members and
 * teams, through the same services as those on spaces and collections (server/grants).
 */
const base = "/v1/orgs/{organizationId}/sites/{siteId}/permissions";
const userPath = sitePath.extend({ userId: entityIdSchema });
const teamPath = sitePath.extend({ teamId: entityIdSchema });
const siteOf = (params: { organizationId: string; siteId: string }): ContentTarget => ({ type: "site", id: params.siteId, organizationId: params.organizationId });

export const sitePermissionOperations = [
  defineOperation({
    operationId: "inviteToSite",
    method: "POST",
    path: base,
    params: sitePath,
    body: inviteInput,
    status: 204,
    handler: (c) => inviteToContent(c, siteOf(c.params), c.body),
  }),
  defineOperation({
    operationId: "listPermissionsAggregateInSite",
    method: "GET",
    path: `${base}/aggregate`,
    params: sitePath,
    query: listAggregateParams,
    handler: (c) => listAccessAggregate(c, siteOf(c.params), c.query),
  }),
  defineOperation({
    operationId: "listUserPermissionsInSite",
    method: "GET",
    path: `${base}/users`,
    params: sitePath,
    query: listParams,
    handler: (c) => listUserGrants(c, siteOf(c.params), c.query),
  }),
  defineOperation({
    operationId: "updateUserPermissionInSite",
    method: "PATCH",
    path: `${base}/users/{userId}`,
    params: userPath,
    body: updateGrantInput,
    status: 204,
    handler: (c) => updateGrant(c, siteOf(c.params), { type: "user", id: c.params.userId }, c.body.role),
  }),
  defineOperation({
    operationId: "removeUserFromSite",
    method: "DELETE",
    path: `${base}/users/{userId}`,
    params: userPath,
    status: 204,
    handler: (c) => removeGrant(c, siteOf(c.params), { type: "user", id: c.params.userId }),
  }),
  defineOperation({
    operationId: "listTeamPermissionsInSite",
    method: "GET",
    path: `${base}/teams`,
    params: sitePath,
    query: listParams,
    handler: (c) => listTeamGrants(c, siteOf(c.params), c.query),
  }),
  defineOperation({
    operationId: "updateTeamPermissionInSite",
    method: "PATCH",
    path: `${base}/teams/{teamId}`,
    params: teamPath,
    body: updateGrantInput,
    status: 204,
    handler: (c) => updateGrant(c, siteOf(c.params), { type: "team", id: c.params.teamId }, c.body.role),
  }),
  defineOperation({
    operationId: "removeTeamFromSite",
    method: "DELETE",
    path: `${base}/teams/{teamId}`,
    params: teamPath,
    status: 204,
    handler: (c) => removeGrant(c, siteOf(c.params), { type: "team", id: c.params.teamId }),
  }),
];
