import type { ServiceContext } from "../context";
import { db } from "../db/client";
import type { User } from "../db/generated/client";
import { notFound } from "../errors";
import { accessChain, roleFromChain } from "../policies/access";
import { administersAllContent, contentRole } from "../policies/visibility";
import { loadTarget, type ContentTarget } from "../policies/grant";
import { parseRole, type DefaultLevel, type Role } from "../policies/roles";
import { authorize } from "../policies/authorize";

export type Item = { type: "space" | "collection" | "site"; id: string; title: string };

/**
 * One thing that contributes to a member's role on an item, and the role it gives (`gives`; null:
 * none): their organization role (what they get where every level up the tree inherits it, or
 * everything for admins), the default level that decides (the item's own or a collection's, `levelsUp`
 * from the item, capped by the organization role), and every grant reaching the item, to them or to
 * a team of theirs. `decisive` marks those giving the effective role.
 */
export type AccessSource =
  | { kind: "organization-role"; role: Role | null; gives: Role | null; decisive: boolean }
  | { kind: "default-level"; level: DefaultLevel; on: Item; levelsUp: number; gives: Role | null; decisive: boolean }
  | { kind: "grant"; role: Role; on: Item; team?: { id: string; title: string }; gives: Role; decisive: boolean };

/** Why a member has their role on an item: the member's user (presented at the edge, server/presenters/grant.ts), their roles and the sources. */
export type AccessExplanationRecord = { target: Item; user: User; organizationRole: Role | null; role: Role | null; sources: AccessSource[] };

/**
 * Why a member has the access they have to a space, collection or site ("why can she edit this?"): the
 * effective role and every source of it, from the one access chain the loaders use (`accessChain`,
 * `roleFromChain`). Anyone may ask about themself; the item's admins about any member.
 */
export async function explainAccess(ctx: ServiceContext, target: ContentTarget, userId: string | undefined): Promise<AccessExplanationRecord> {
  const tx = db();
  const access = await loadTarget(tx, ctx.actor, target);
  const subjectId = userId ?? ctx.actor.userId;
  if (subjectId !== ctx.actor.userId) authorize(access, "sharing.explainOthers", access.target);
  const organizationId = access.organization.id;
  const member = await tx.member.findUnique({ where: { organizationId_userId: { organizationId, userId: subjectId } }, include: { user: true } });
  if (!member) throw notFound(`No member ${subjectId} in organization ${organizationId}.`);
  const memberRole = parseRole(member.role);
  const chain = await accessChain(tx, subjectId, access.item);
  const role = roleFromChain(memberRole, chain);

  const collectionIds = [...new Set([...chain.levels.flatMap((level) => (level.collectionId ? [level.collectionId] : [])), ...chain.grants.flatMap((grant) => (grant.targetType === "collection" ? [grant.targetId] : []))])];
  const teamIds = [...new Set(chain.grants.flatMap((grant) => (grant.teamId ? [grant.teamId] : [])))];
  const [collections, teams] = await Promise.all([
    tx.collection.findMany({ where: { id: { in: collectionIds } }, select: { id: true, title: true } }),
    tx.team.findMany({ where: { id: { in: teamIds } }, select: { id: true, title: true } }),
  ]);
  const collectionTitle = new Map(collections.map((collection) => [collection.id, collection.title]));
  const teamTitle = new Map(teams.map((team) => [team.id, team.title]));
  const itemOf = (type: Item["type"], id: string): Item => ({ type, id, title: type === "collection" ? (collectionTitle.get(id) ?? "") : access.title });

  // What the organization role and default levels give without grants, by the same rule as the loaders.
  const base = contentRole({ memberRole, levels: chain.levels.map((entry) => entry.level) });
  const deciding = administersAllContent(memberRole) ? -1 : chain.levels.findIndex((entry) => entry.level !== "inherit");
  const decisive = (gives: Role | null) => gives !== null && gives === role;
  const sources: AccessSource[] = [{ kind: "organization-role", role: memberRole, gives: deciding === -1 ? base : null, decisive: deciding === -1 && decisive(base) }];
  if (deciding !== -1) {
    const { collectionId, level } = chain.levels[deciding]!;
    // The item's own level comes first in its chain (a space's or a site's has no collection id): `deciding` levels up from the item.
    const on = collectionId === null ? itemOf(target.type, target.id) : itemOf("collection", collectionId);
    sources.push({ kind: "default-level", level, on, levelsUp: deciding, gives: base, decisive: decisive(base) });
  }
  for (const grant of chain.grants) {
    sources.push({
      kind: "grant",
      role: grant.role,
      on: itemOf(grant.targetType, grant.targetId),
      ...(grant.teamId ? { team: { id: grant.teamId, title: teamTitle.get(grant.teamId) ?? "" } } : {}),
      gives: grant.role,
      decisive: decisive(grant.role),
    });
  }
  return { target: itemOf(target.type, target.id), user: member.user, organizationRole: memberRole, role, sources };
}
