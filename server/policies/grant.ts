import type { Actor } from "../auth/actor";
import type { Db } from "../db/client";
import { loadCollection, loadSpace, type ChainItem, type OrgAccess } from "./access";
import { loadSite } from "./site";
import { permissionsOn } from "./authorize";
import type { Role } from "./roles";

/**
 * Sharing: granting users and teams a role on a space, a collection or a docs site. Anyone who can see an item
 * sees who it is shared with; its admins (role admin on it) share it, change and remove grants, and
 * ask why any member has the access they have (anyone may ask about themself).
 * `sharingPermissions` is what the UI shows: a view of the permission table's `sharing` rules
 * (server/policies/permission-table.ts), which the services check with `authorize`.
 */

/** What is shared: a space or a collection by its id, a site by its id in its organization (the site's path names both). */
export type ContentTarget = { type: "space" | "collection"; id: string } | { type: "site"; id: string; organizationId: string };

/** A space or collection with the caller's role on it, and what `accessChain` needs to explain a role on it. */
export type TargetAccess = OrgAccess & {
  target: ContentTarget;
  title: string;
  role: Role | null;
  item: ChainItem;
};

export function sharingPermissions(role: Role | null) {
  const may = permissionsOn("sharing", { role });
  return { view: may("view"), share: may("share"), explainOthers: may("explainOthers") };
}

/** Loads a space, a collection or a site through its scoped loader: "not found" when the caller cannot see it. */
export async function loadTarget(tx: Db, actor: Actor, target: ContentTarget): Promise<TargetAccess> {
  if (target.type === "site") {
    const { site, ...access } = await loadSite(tx, actor, target.organizationId, target.id);
    return { ...access, target, title: site.title, item: { site, collectionId: null } };
  }
  if (target.type === "space") {
    const { space, ...access } = await loadSpace(tx, actor, target.id);
    return { ...access, target, title: space.title, item: { space, collectionId: space.parentId } };
  }
  const { collection, ...access } = await loadCollection(tx, actor, target.id);
  return { ...access, target, title: collection.title, item: { collectionId: collection.id } };
}

/** The grants on a target, as a filter on ContentGrant. */
export function grantsOn(target: ContentTarget): { spaceId: string } | { collectionId: string } | { siteId: string } {
  if (target.type === "space") return { spaceId: target.id };
  if (target.type === "collection") return { collectionId: target.id };
  return { siteId: target.id };
}
