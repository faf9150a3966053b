import type { Db } from "../db/client";
import { fieldError } from "../errors";
import type { TeamSummary } from "./records";

/**
 * The teams a provider names as its default, read straight from `teams`: with their member and
 * space counts, and only from the provider's own organization.
 */
export async function teamSummaries(tx: Db, organizationId: string, teamIds: string[]): Promise<Map<string, TeamSummary>> {
  if (teamIds.length === 0) return new Map();
  const rows = await tx.$queryRaw<{ id: string; title: string; created_at: Date; members: number; spaces: number }[]>`
    SELECT t.id, t.title, t.created_at,
           (SELECT count(*)::int FROM team_members m WHERE m.team_id = t.id) AS members,
           (SELECT count(*)::int FROM content_grants g WHERE g.team_id = t.id AND g.space_id IS NOT NULL) AS spaces
    FROM teams t WHERE t.organization_id = ${organizationId} AND t.id = ANY(${teamIds})`;
  return new Map(rows.map((row) => [row.id, { id: row.id, title: row.title, createdAt: row.created_at, members: row.members, spaces: row.spaces }]));
}

/** Throws a 400 naming `defaultTeam` unless the team is the organization's (another's is as unknown as none). */
export async function assertTeamOfOrganization(tx: Db, organizationId: string, teamId: string): Promise<void> {
  const [team] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM teams WHERE id = ${teamId} AND organization_id = ${organizationId}`;
  if (!team) throw fieldError("defaultTeam", `No team ${teamId} in this organization`);
}

/** Teams of the organization to choose a default from (the admin UI's form). */
export async function listTeamChoices(tx: Db, organizationId: string): Promise<{ id: string; title: string }[]> {
  return tx.$queryRaw<{ id: string; title: string }[]>`SELECT id, title FROM teams WHERE organization_id = ${organizationId} ORDER BY lower(title), id LIMIT 1000`;
}
