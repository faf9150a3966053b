import type { User } from "../db/generated/client";
import type { Role } from "../policies/roles";
import type { TeamRecord } from "../teams/records";

/** A user granted a role on an item (`listUserGrants`). The edge presents it (server/presenters/grant.ts). */
export type UserGrantRecord = { permission: Role; user: User };

/** A team granted a role on an item (`listTeamGrants`), with the team's counts and the caller's permissions on it. */
export type TeamGrantRecord = { permission: Role; team: TeamRecord };
