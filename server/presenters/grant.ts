import type { AccessExplanationRecord } from "../grants/explain-access";
import type { AccessEntryRecord } from "../grants/list-access-aggregate";
import type { TeamGrantRecord, UserGrantRecord } from "../grants/records";
import type { Urls } from "../http/urls";
import { presentTeam } from "./team";
import { presentUser } from "./user";

/** A user's permission on an item (the reference's UserContentPermission). */
export function presentUserGrant(record: UserGrantRecord, urls: Urls) {
  return { permission: record.permission, user: presentUser(record.user, urls) };
}

/** A team's permission on an item (the reference's TeamContentPermission). */
export function presentTeamGrant(record: TeamGrantRecord) {
  return { permission: record.permission, team: presentTeam(record.team) };
}

/** Someone's effective permission on an item; on a site, the reference's UserSitePermission also says where the role comes from, and whether the account is usable. */
export function presentAccessEntry(record: AccessEntryRecord, urls: Urls) {
  const item = { permission: record.permission, user: presentUser(record.user, urls) };
  if (!record.site) return item;
  return {
    ...item,
    origin: record.site.origin,
    disabled: record.user.disabledAt !== null,
    ...(record.site.lastSeenAt ? { lastSeenAt: record.site.lastSeenAt.toISOString() } : {}),
  };
}

/** Quire's own access explanation (`…/permissions/explain`). */
export function presentAccessExplanation(record: AccessExplanationRecord, urls: Urls) {
  return {
    object: "access-explanation" as const,
    target: record.target,
    user: presentUser(record.user, urls),
    organizationRole: record.organizationRole,
    role: record.role,
    sources: record.sources,
  };
}
export type AccessExplanation = ReturnType<typeof presentAccessExplanation>;
