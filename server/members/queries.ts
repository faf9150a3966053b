import type { ServiceContext } from "../context";
import { db, type Db } from "../db/client";
import type { Member, Prisma, User } from "../db/generated/client";
import { fieldError, notFound } from "../errors";
import { decodeKeysetCursor, encodeKeysetCursor, type ListResult } from "../pagination";
import { loadOrganization, visibleContentFilters, type OrgAccess } from "../policies/access";
import { canViewMember, canViewMemberAccess, memberPermissions, type MemberAction } from "../policies/organization";
import { parseRole, type Role } from "../policies/roles";
import { memberCounts, teamCounts } from "../teams/counts";
import { teamPermissions, type TeamRole } from "../policies/team";
import type { ListMemberSpacesParams, ListMembersParams, ListMemberTeamsParams } from "./schemas";
import { spaceRecords } from "../spaces/records";
import type { MemberRecord, MemberSpaceRecord, MemberTeamRecord } from "./records";
import { authorize } from "../policies/authorize";
import { administersAllContent } from "../policies/visibility";

type MemberRow = Member & { user: User };

/**
 * A member on whose account the caller would act (end their sessions, reset their password), with
 * the caller's right to checked in the write's transaction (server/policies/organization.ts).
 */
export async function loadMemberForAction(tx: Db, ctx: ServiceContext, organizationId: string, userId: string, action: MemberAction): Promise<MemberRow> {
  const access = await loadOrganization(tx, ctx.actor, organizationId);
  authorize(access, "organization.manageMembers");
  const member = await loadMember(tx, access, userId);
  const [admins, elsewhere] = await Promise.all([countAdmins(tx, organizationId), membersElsewhere(tx, organizationId, [userId])]);
  authorize(access, `member.${action}`, { member: { userId, role: parseRole(member.role), elsewhere: elsewhere.has(userId) }, admins });
  return member;
}

/** A member of the caller's organization, which the caller may see; anyone else is not found. */
export async function loadMember(tx: Db, access: OrgAccess, userId: string): Promise<MemberRow> {
  if (!canViewMember(access, userId)) authorize(access, "organization.listMembers");
  const member = await tx.member.findUnique({
    where: { organizationId_userId: { organizationId: access.organization.id, userId } },
    include: { user: true },
  });
  if (!member) throw notFound(`No member ${userId} in organization ${access.organization.id}.`);
  return member;
}

export async function countAdmins(tx: Db, organizationId: string): Promise<number> {
  return tx.member.count({ where: { organizationId, role: "admin" } });
}

/** Which of `userIds` are also members of another organization (a deleted one too: it may come back). */
export async function membersElsewhere(tx: Db, organizationId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tx.member.findMany({ where: { userId: { in: userIds }, organizationId: { not: organizationId } }, select: { userId: true }, distinct: ["userId"] });
  return new Set(rows.map((row) => row.userId));
}

/** Members' records, as the caller sees them: with their counts and what the caller may do to each; three queries whatever their number. */
export async function memberRecords(tx: Db, access: OrgAccess, members: MemberRow[]): Promise<MemberRecord[]> {
  const [counts, admins, elsewhere] = await Promise.all([
    memberCounts(tx, access.organization.id, members.map((member) => member.userId)),
    countAdmins(tx, access.organization.id),
    membersElsewhere(tx, access.organization.id, members.map((member) => member.userId)),
  ]);
  // With what the caller may do to each (server/policies/organization.ts), so that the UI offers only that.
  return members.map((member) => ({
    ...member,
    counts: counts.get(member.userId)!,
    permissions: memberPermissions(access, { userId: member.userId, role: parseRole(member.role), elsewhere: elsewhere.has(member.userId) }, admins),
  }));
}

/** Sort value of a member for the keyset cursor, as the database compares it. */
function sortValue(member: MemberRow, sort: ListMembersParams["sort"]): string | null {
  if (sort === "name") return member.user.displayName;
  const date = sort === "joinedAt" ? member.joinedAt : member.lastSeenAt;
  return date ? date.toISOString() : null;
}

/**
 * The organization's members, filtered by role and by a search of names and emails, sorted by when
 * they joined, were last seen (members seen at least once) or by name, keyset-paged in SQL.
 */
export async function listMembers(ctx: ServiceContext, organizationId: string, params: ListMembersParams): Promise<ListResult<MemberRecord>> {
  const tx = db();
  const access = await loadOrganization(tx, ctx.actor, organizationId);
  authorize(access, "organization.listMembers");
  const filters: Prisma.MemberWhereInput[] = [{ organizationId }];
  if (params.role) filters.push({ role: params.role === "guest" ? null : params.role });
  if (params.search) {
    const contains = { contains: escapeLike(params.search), mode: "insensitive" as const };
    filters.push({ user: { OR: [{ displayName: contains }, { email: contains }] } });
  }
  if (params.sort === "lastSeenAt") filters.push({ lastSeenAt: { not: null } });

  const where: Prisma.MemberWhereInput = { AND: filters };
  const cursor = decodeKeysetCursor(params.page);
  const direction = params.order;
  const after = direction === "asc" ? "gt" : "lt";
  // The sort field holding `condition` (a value, a range, or for orderBy a direction): typed per use below.
  const sortKey = <T>(condition: unknown): T => (params.sort === "name" ? { user: { displayName: condition } } : { [params.sort]: condition }) as T;
  const cursorValue = cursor && (params.sort === "name" ? (cursor.value ?? "") : cursorDate(cursor.value));
  // Past the cursor: a later sort value, or the same one and a later user id.
  const beyondCursor: Prisma.MemberWhereInput | undefined = cursor && {
    OR: [sortKey<Prisma.MemberWhereInput>({ [after]: cursorValue }), { ...sortKey<Prisma.MemberWhereInput>(cursorValue), userId: { [after]: cursor.id } }],
  };
  const orderBy: Prisma.MemberOrderByWithRelationInput[] = [sortKey<Prisma.MemberOrderByWithRelationInput>(direction), { userId: direction }];
  const [rows, count] = await Promise.all([
    tx.member.findMany({ where: beyondCursor ? { AND: [where, beyondCursor] } : where, include: { user: true }, orderBy, take: params.limit + 1 }),
    tx.member.count({ where }),
  ]);
  const members = rows.slice(0, params.limit);
  const last = members.at(-1);
  const result: ListResult<MemberRow> = {
    items: members,
    count,
    ...(rows.length > params.limit && last ? { next: { page: encodeKeysetCursor(sortValue(last, params.sort), last.userId) } } : {}),
  };
  return { ...result, items: await memberRecords(tx, access, result.items) };
}

function cursorDate(value: string | null): Date {
  const date = value === null ? new Date(Number.NaN) : new Date(value);
  if (Number.isNaN(date.getTime())) throw fieldError("page", "Not a valid page cursor");
  return date;
}

/** `contains` is a LIKE pattern: the caller's `%`, `_` and `\` are matched as themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export async function getMember(ctx: ServiceContext, organizationId: string, userId: string): Promise<MemberRecord> {
  const tx = db();
  const access = await loadOrganization(tx, ctx.actor, organizationId);
  const member = await loadMember(tx, access, userId);
  return (await memberRecords(tx, access, [member]))[0]!;
}

/**
 * The live spaces a member reaches, each with the member's role on it (from their organization role,
 * default levels and grants to them and their teams: the access module's rules), in id order.
 */
export async function listSpacesForMember(ctx: ServiceContext, organizationId: string, userId: string, params: ListMemberSpacesParams): Promise<ListResult<MemberSpaceRecord>> {
  const tx = db();
  const access = await loadOrganization(tx, ctx.actor, organizationId);
  const member = await loadMember(tx, access, userId);
  if (!canViewMemberAccess(access, userId)) authorize(access, "organization.manageMembers");
  const memberAccess: OrgAccess = { organization: access.organization, memberRole: parseRole(member.role), userId };
  const filters = await visibleContentFilters(tx, memberAccess);
  const cursor = idCursor(params.page);
  const after = params.order === "asc" ? "gt" : "lt";
  const where: Prisma.SpaceWhereInput = { AND: [{ organizationId, deletedAt: null }, filters.spaceWhere] };
  const [rows, count] = await Promise.all([
    tx.space.findMany({ where: cursor ? { AND: [where, { id: { [after]: cursor } }] } : where, orderBy: { id: params.order }, take: params.limit + 1 }),
    tx.space.count({ where }),
  ]);
  const spaces = rows.slice(0, params.limit);
  // The spaces' records hold the caller's role on them: an admin's, or the member's own.
  const callerRole = (memberRole: Role): Role => (administersAllContent(access.memberRole) ? "admin" : memberRole);
  const permissions = new Map(spaces.flatMap((space) => {
    const permission = filters.resolver.space(space);
    return permission ? [[space.id, permission] as const] : [];
  }));
  const reached = await spaceRecords(tx, spaces.filter((space) => permissions.has(space.id)), (space) => callerRole(permissions.get(space.id)!));
  const items = reached.map((space) => ({ permission: permissions.get(space.id)!, space }));
  return { items, count, ...(rows.length > params.limit ? { next: { page: encodeKeysetCursor(null, spaces.at(-1)!.id) } } : {}) };
}

function idCursor(page: string | undefined): string | undefined {
  return decodeKeysetCursor(page)?.id;
}

/** The organization's teams a member is in, with the member's role in each, by team id. */
export async function listTeamsForMember(ctx: ServiceContext, organizationId: string, userId: string, params: ListMemberTeamsParams): Promise<ListResult<MemberTeamRecord>> {
  const tx = db();
  const access = await loadOrganization(tx, ctx.actor, organizationId);
  await loadMember(tx, access, userId);
  const where: Prisma.TeamMemberWhereInput = {
    userId,
    team: { organizationId, ...(params.title ? { title: { contains: escapeLike(params.title), mode: "insensitive" } } : {}) },
  };
  const cursor = idCursor(params.page);
  const [rows, count] = await Promise.all([
    tx.teamMember.findMany({ where: cursor ? { AND: [where, { teamId: { gt: cursor } }] } : where, include: { team: true }, orderBy: { teamId: "asc" }, take: params.limit + 1 }),
    tx.teamMember.count({ where }),
  ]);
  const memberships = rows.slice(0, params.limit);
  const teamIds = memberships.map((row) => row.teamId);
  const [counts, callerRoles] = await Promise.all([
    teamCounts(tx, teamIds),
    tx.teamMember.findMany({ where: { teamId: { in: teamIds }, userId: ctx.actor.userId }, select: { teamId: true, role: true } }),
  ]);
  const items = memberships.map((row) => {
    const teamRole = (callerRoles.find((candidate) => candidate.teamId === row.teamId)?.role ?? null) as TeamRole | null;
    return { team: row.team, counts: counts.get(row.teamId)!, permissions: teamPermissions({ memberRole: access.memberRole, teamRole }), role: row.role as TeamRole };
  });
  return { items, count, ...(rows.length > params.limit ? { next: { page: encodeKeysetCursor(null, memberships.at(-1)!.teamId) } } : {}) };
}
