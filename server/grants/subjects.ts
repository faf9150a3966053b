import type { Db } from "../db/client";
import { notFound } from "../errors";
import { resolveMembers } from "../policies/organization-members";
import type { GrantSubject } from "./apply-grant";

/** Users to grant to: members of the organization (guests included), else 404 as the reference answers. */
export async function userSubjects(tx: Db, organizationId: string, userIds: string[]): Promise<GrantSubject[]> {
  const members = [...(await resolveMembers(tx, organizationId, userIds, { field: "users", status: 404 })).values()];
  const users = await tx.user.findMany({ where: { id: { in: members } }, select: { id: true, displayName: true } });
  return users.map((user) => ({ type: "user", id: user.id, label: user.displayName }));
}

/** Teams to grant to: teams of the item's organization, else 404 (another organization's team is one that does not exist). */
export async function teamSubjects(tx: Db, organizationId: string, teamIds: string[]): Promise<GrantSubject[]> {
  const unique = [...new Set(teamIds)];
  const teams = await tx.team.findMany({ where: { id: { in: unique }, organizationId }, select: { id: true, title: true } });
  const missing = unique.find((id) => !teams.some((team) => team.id === id));
  if (missing) throw notFound(`No team ${missing} in organization ${organizationId}.`);
  return teams.map((team) => ({ type: "team", id: team.id, label: team.title }));
}
