import type { Db } from "../db/client";

/**
 * For each team: its members, and the live spaces its grants reach (granted directly, or in a
 * granted collection at any depth), in two queries for a whole page of teams.
 */
export async function teamCounts(tx: Db, teamIds: string[]): Promise<Map<string, { members: number; spaces: number }>> {
  const counts = new Map(teamIds.map((id) => [id, { members: 0, spaces: 0 }]));
  if (teamIds.length === 0) return counts;
  const [members, spaces] = await Promise.all([
    tx.teamMember.groupBy({ by: ["teamId"], where: { teamId: { in: teamIds } }, _count: { _all: true } }),
    tx.$queryRaw<{ team_id: string; spaces: number }[]>`
      WITH RECURSIVE reached AS (
        SELECT team_id, collection_id AS id FROM content_grants WHERE team_id = ANY(${teamIds}::text[]) AND collection_id IS NOT NULL
        UNION
        SELECT reached.team_id, c.id FROM collections c JOIN reached ON c.parent_id = reached.id
      ),
      granted AS (
        SELECT team_id, space_id FROM content_grants WHERE team_id = ANY(${teamIds}::text[]) AND space_id IS NOT NULL
        UNION
        SELECT reached.team_id, s.id FROM spaces s JOIN reached ON s.parent_id = reached.id
      )
      SELECT granted.team_id, COUNT(*)::int AS spaces
      FROM granted JOIN spaces s ON s.id = granted.space_id AND s.deleted_at IS NULL
      GROUP BY granted.team_id`,
  ]);
  for (const row of members) counts.get(row.teamId)!.members = row._count._all;
  for (const row of spaces) counts.get(row.team_id)!.spaces = row.spaces;
  return counts;
}

/** For each user: the teams of the organization they are in and the live spaces granted to them directly. */
export async function memberCounts(tx: Db, organizationId: string, userIds: string[]): Promise<Map<string, { spaces: number; teams: number }>> {
  const counts = new Map(userIds.map((id) => [id, { spaces: 0, teams: 0 }]));
  if (userIds.length === 0) return counts;
  const [teams, spaces] = await Promise.all([
    tx.teamMember.groupBy({ by: ["userId"], where: { userId: { in: userIds }, team: { organizationId } }, _count: { _all: true } }),
    tx.contentGrant.groupBy({ by: ["userId"], where: { organizationId, userId: { in: userIds }, space: { deletedAt: null } }, _count: { _all: true } }),
  ]);
  for (const row of teams) counts.get(row.userId)!.teams = row._count._all;
  for (const row of spaces) if (row.userId) counts.get(row.userId)!.spaces = row._count._all;
  return counts;
}
