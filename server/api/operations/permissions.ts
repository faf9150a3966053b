import type { z } from "zod";
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
import { presentAccessEntry, presentAccessExplanation, presentTeamGrant, presentUserGrant } from "../../presenters/grant";
import { defineOperation, type Operation } from "../operation";

/** Where an item's permission operations live, and how their path names the item. */
export type SharingPlace = {
  Kind: string;
  base: string;
  /** The path parameters naming the item: ids. */
  path: z.ZodObject<Record<string, z.ZodString>>;
  targetOf: (params: Record<string, string>) => ContentTarget;
};

/**
 * The reference's permission operations of one kind of item (`space-permissions`, `collection-permissions`,
 * `site-permissions` and `site-users`), the same for every kind, and Quire's own `…/permissions/explain`.
 */
export function sharingOperations({ Kind, base, path, targetOf }: SharingPlace): Operation[] {
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
      handler: async (c) => {
        const page = await listUserGrants(c, targetOf(c.params), c.query);
        return { ...page, items: page.items.map((grant) => presentUserGrant(grant, c.urls)) };
      },
    }),
    defineOperation({
      operationId: `listTeamPermissionsIn${Kind}`,
      method: "GET",
      path: `${base}/teams`,
      params: path,
      query: listParams,
      handler: async (c) => {
        const page = await listTeamGrants(c, targetOf(c.params), c.query);
        return { ...page, items: page.items.map(presentTeamGrant) };
      },
    }),
    defineOperation({
      operationId: `updateUserPermissionIn${Kind}`,
      method: "PATCH",
      path: `${base}/users/{userId}`,
      params: userPath,
      body: updateGrantInput,
      status: 204,
      handler: (c) => updateGrant(c, targetOf(c.params), { type: "user", id: c.params.userId! }, c.body.role),
    }),
    defineOperation({
      operationId: `updateTeamPermissionIn${Kind}`,
      method: "PATCH",
      path: `${base}/teams/{teamId}`,
      params: teamPath,
      body: updateGrantInput,
      status: 204,
      handler: (c) => updateGrant(c, targetOf(c.params), { type: "team", id: c.params.teamId! }, c.body.role),
    }),
    defineOperation({
      operationId: `removeUserFrom${Kind}`,
      method: "DELETE",
      path: `${base}/users/{userId}`,
      params: userPath,
      status: 204,
      handler: (c) => removeGrant(c, targetOf(c.params), { type: "user", id: c.params.userId! }),
    }),
    defineOperation({
      operationId: `removeTeamFrom${Kind}`,
      method: "DELETE",
      path: `${base}/teams/{teamId}`,
      params: teamPath,
      status: 204,
      handler: (c) => removeGrant(c, targetOf(c.params), { type: "team", id: c.params.teamId! }),
    }),
    defineOperation({
      operationId: `listPermissionsAggregateIn${Kind}`,
      method: "GET",
      path: `${base}/aggregate`,
      params: path,
      query: listAggregateParams,
      handler: async (c) => {
        const page = await listAccessAggregate(c, targetOf(c.params), c.query);
        return { ...page, items: page.items.map((entry) => presentAccessEntry(entry, c.urls)) };
      },
    }),
    defineOperation({
      // Quire's own: not in the reference.
      operationId: `explainPermissionsIn${Kind}`,
      method: "GET",
      path: `${base}/explain`,
      params: path,
      query: explainParams,
      handler: async (c) => presentAccessExplanation(await explainAccess(c, targetOf(c.params), c.query.user), c.urls),
    }),
  ];
}

export const permissionOperations = [
  ...sharingOperations({ Kind: "Space", base: "/v1/spaces/{spaceId}/permissions", path: spacePath, targetOf: (params) => ({ type: "space", id: params.spaceId! }) }),
  ...sharingOperations({ Kind: "Collection", base: "/v1/collections/{collectionId}/permissions", path: collectionPath, targetOf: (params) => ({ type: "collection", id: params.collectionId! }) }),
];
