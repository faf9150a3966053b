import { explainAccess } from "../../grants/explain-access";
import { inviteToContent } from "../../grants/invite-to-content";
import { listAccessAggregate } from "../../grants/list-access-aggregate";
import { listTeamGrants, listUserGrants } from "../../grants/queries";
import { removeGrant } from "../../grants/remove-grant";
import { collectionPath, explainParams, inviteInput, listAggregateParams, spacePath, updateGrantInput } from "../../grants/schemas";
import { updateGrant } from "../../grants/update-grant";
import { entityIdSchema } from "../../ids";
import { listParams } from "../../pagination";
import type { ContentTarget } from "../../policies/grant";
import { defineOperation, type Operation } from "../operation";

/**
 * The reference's `space-permissions` and `collection-permissions` operations, the same for both
 * kinds of item, and Quire's own `…/permissions/explain`.
 */
function operationsOn(kind: "space" | "collection"): Operation[] {
  const Kind = kind === "space" ? "Space" : "Collection";
  const base = kind === "space" ? "/v1/spaces/{spaceId}/permissions" : "/v1/collections/{collectionId}/permissions";
  const path = kind === "space" ? spacePath : collectionPath;
  const targetOf = (params: { spaceId?: string; collectionId?: string }): ContentTarget => ({ type: kind, id: (kind === "space" ? params.spaceId : params.collectionId)! });
  const userPath = path.extend({ userId: entityIdSchema });
  const teamPath = path.extend({ teamId: entityIdSchema });
  return [
    defineOperation({
      operationId: `inviteTo${Kind}`,
      method: "POST",
      path: base,
      params: path,
      body: inviteInput,
      status: 204,
      handler: (c) => inviteToContent(c, targetOf(c.params), c.body),
    }),
    defineOperation({
      operationId: `listUserPermissionsIn${Kind}`,
      method: "GET",
      path: `${base}/users`,
      params: path,
      query: listParams,
      handler: (c) => listUserGrants(c, targetOf(c.params), c.query),
    }),
    defineOperation({
      operationId: `listTeamPermissionsIn${Kind}`,
      method: "GET",
      path: `${base}/teams`,
      params: path,
      query: listParams,
      handler: (c) => listTeamGrants(c, targetOf(c.params), c.query),
    }),
    defineOperation({
      operationId: `updateUserPermissionIn${Kind}`,
      method: "PATCH",
      path: `${base}/users/{userId}`,
      params: userPath,
      body: updateGrantInput,
      status: 204,
      handler: (c) => updateGrant(c, targetOf(c.params), { type: "user", id: c.params.userId }, c.body.role),
    }),
    defineOperation({
      operationId: `updateTeamPermissionIn${Kind}`,
      method: "PATCH",
      path: `${base}/teams/{teamId}`,
      params: teamPath,
      body: updateGrantInput,
      status: 204,
      handler: (c) => updateGrant(c, targetOf(c.params), { type: "team", id: c.params.teamId }, c.body.role),
    }),
    defineOperation({
      operationId: `removeUserFrom${Kind}`,
      method: "DELETE",
      path: `${base}/users/{userId}`,
      params: userPath,
      status: 204,
      handler: (c) => removeGrant(c, targetOf(c.params), { type: "user", id: c.params.userId }),
    }),
    defineOperation({
      operationId: `removeTeamFrom${Kind}`,
      method: "DELETE",
      path: `${base}/teams/{teamId}`,
      params: teamPath,
      status: 204,
      handler: (c) => removeGrant(c, targetOf(c.params), { type: "team", id: c.params.teamId }),
    }),
    defineOperation({
      operationId: `listPermissionsAggregateIn${Kind}`,
      method: "GET",
      path: `${base}/aggregate`,
      params: path,
      query: listAggregateParams,
      handler: (c) => listAccessAggregate(c, targetOf(c.params), c.query),
    }),
    defineOperation({
      // Quire's own: not in the reference.
      operationId: `explainPermissionsIn${Kind}`,
      method: "GET",
      path: `${base}/explain`,
      params: path,
      query: explainParams,
      handler: (c) => explainAccess(c, targetOf(c.params), c.query.user),
    }),
  ];
}

export const permissionOperations = [...operationsOn("space"), ...operationsOn("collection")];
