/**
 * The authorization matrices' model of who may do what (tests/api/*authorization-matrix.test.ts):
 * the callers, the world's content as plain data, the role each caller holds on each item, and
 * from it the outcome each table row must have. The role rule is restated here from its
 * documentation (README, server/policies/visibility.ts) rather than imported, so that the
 * matrices check the service layer against an independent oracle.
 */

/** Roles from least to most powerful; "guest" is an organization member without a role. */
const LADDER = ["guest", "read", "comment", "edit", "review", "create", "admin"] as const;
export type Role = Exclude<(typeof LADDER)[number], "guest">;
type Level = Role | "guest";
/** What content grants members by default: a role, null (no default access) or the parent's level. */
export type DefaultLevel = Role | null | "inherit";

const rank = (level: Level) => LADDER.indexOf(level);
const atLeast = (level: Level | null, minimum: Level) => level !== null && rank(level) >= rank(minimum);
const higher = (a: Role | null, b: Role | null) => (a === null ? b : b === null ? a : rank(a) >= rank(b) ? a : b);
const lower = (a: Role, b: Role) => (rank(a) <= rank(b) ? a : b);

export const CALLERS = [
  "no token",
  "revoked token",
  "admin of another organization",
  "guest",
  "read",
  "comment",
  "edit",
  "review",
  "create",
  "admin",
  "guest with a team grant on S1",
  "guest with a user grant on C",
  // Integrations (issue 13; /v1 only): installation tokens of installations in A, the integration's own token, an expired installation token.
  "installation reading S1 and W1",
  "installation writing S1, S3 and WP",
  "installation reaching everything",
  "integration token",
  "expired installation token",
] as const;
export type CallerName = (typeof CALLERS)[number];

/** The organizations of the world: A (where the callers are), A2 (A's admin's other one, a transfer destination), B (next door). */
export type OrgKey = "A" | "A2" | "B";

export type Caller = {
  name: CallerName;
  /** Whether the caller's credentials count: false without a token and with a revoked one. */
  signedIn: boolean;
  userId: string | null;
  email: string | null;
  /** The REST bearer token (also for the revoked caller, whose token no longer counts). */
  token: string | null;
  memberships: Partial<Record<OrgKey, Role | null>>;
  /** An integration calling (its own token or an installation's): no person, and no session (tRPC refuses it). */
  integration?: true;
  /** The integration's own token (the only caller minting its installation's tokens). */
  integrationItself?: true;
  /** An installation token's installation in A: its scopes and what it reaches (space and site labels, or every one). */
  installation?: { organizationId: string; scopes: string[]; spaces: "all" | string[]; sites: "all" | string[] };
};

/**
 * The role an installation's scopes give (restated from server/policies/installation.ts's
 * documentation): on a space, any space scope reads, `space:content:write` edits, and with
 * `space:metadata:write` besides administers; on a site, any site scope reads and none writes.
 */
function scopeRole(scopes: string[], on: "space" | "site"): Role | null {
  if (on === "site") return scopes.some((scope) => ["site:metadata:read", "site:views:read", "page:feedback:read", "site:adaptive:read", "site:adaptive:write"].includes(scope)) ? "read" : null;
  if (scopes.includes("space:content:write")) return scopes.includes("space:metadata:write") ? "admin" : "edit";
  return scopes.some((scope) => scope.startsWith("space:")) ? "read" : null;
}

/**
 * An installation's role on an item: in its organization it is no member (a guest's standing: it
 * sees the organization and nothing of its people, teams or collections); on the spaces and sites it
 * reaches, its scopes' role; nothing elsewhere. Another organization (a fresh one too) is unknown.
 */
function installationRole(installation: NonNullable<Caller["installation"]>, entity: Entity): Level | null {
  if (entity.org !== "A") return null;
  const reaches = (selection: "all" | string[]) => selection === "all" || selection.includes(entity.label);
  switch (entity.kind) {
    case "organization":
      return entity.id === installation.organizationId ? "guest" : null;
    case "space":
      return reaches(installation.spaces) ? scopeRole(installation.scopes, "space") : null;
    case "site":
      return reaches(installation.sites) ? scopeRole(installation.scopes, "site") : null;
    case "collection":
      return null;
    default:
      return "guest";
  }
}

/** A member's role in a team: its owners manage it. */
export type TeamRole = "owner" | "member";

/** An organization, collection, space, team or SAML provider, as the model sees it. */
export type Entity = {
  id: string;
  label: string;
  kind: "organization" | "collection" | "space" | "site" | "team" | "samlProvider" | "auditEvent";
  org: OrgKey;
  parent: Entity | null;
  level: DefaultLevel;
  /** Roles granted on this item, to the caller or to a team of theirs. */
  grants: Partial<Record<CallerName, Role>>;
  /** A team's members among the callers, with their role in it. */
  teamRoles?: Partial<Record<CallerName, TeamRole>>;
  /**
   * The least a caller must hold to see it: "read" for content and teams, "admin" for a space in
   * the trash, a deleted organization and the audit log's events, "guest" for an organization and its SAML providers.
   */
  minimum: Level;
  /** Ids that belong to it and are as secret as it is: pages, files, revisions, change requests. */
  related: string[];
};

/**
 * The role a caller holds on an item: an organization's members hold their role there ("guest"
 * without one); on content, organization admins hold admin; otherwise the first default level
 * that is not "inherit" from the item up caps the member's role ("inherit" all the way: the
 * member's role; null: nothing; guests get nothing by default), and grants on the item or any
 * collection above it raise the result. A SAML provider is the organization's: the member's role
 * there. On a team (server/policies/team.ts: organization admins and the team's owners manage it,
 * the organization's members see every team, guests only those they are in) the model's ladder
 * stands for that rule: "admin" manages it, "read" sees it, "guest" does not.
 * Null: the caller is not a member at all.
 */
export function roleOf(caller: Caller, entity: Entity): Level | null {
  if (caller.installation) return installationRole(caller.installation, entity);
  if (!(entity.org in caller.memberships)) return null;
  const memberRole = caller.memberships[entity.org] ?? null;
  if (entity.kind === "organization" || entity.kind === "samlProvider" || entity.kind === "auditEvent") return memberRole ?? "guest";
  if (entity.kind === "team") {
    const teamRole = entity.teamRoles?.[caller.name] ?? null;
    return memberRole === "admin" || teamRole === "owner" ? "admin" : memberRole !== null || teamRole !== null ? "read" : "guest";
  }
  if (memberRole === "admin") return "admin";
  let level: DefaultLevel = "inherit";
  let granted: Role | null = null;
  for (let item: Entity | null = entity; item; item = item.parent) {
    if (level === "inherit") level = item.level;
    granted = higher(granted, item.grants[caller.name] ?? null);
  }
  const byDefault = memberRole === null || level === null ? null : level === "inherit" ? memberRole : lower(memberRole, level);
  return higher(byDefault, granted);
}

/** Whether a level holds a permission key of the tables (pins the policies to MINIMUM_ROLE in the matrices). */
export const holds = (level: Level | null, key: PermissionKey) => atLeast(level, MINIMUM_ROLE[key]);

export const canSee = (caller: Caller, entity: Entity) => caller.signedIn && atLeast(roleOf(caller, entity), entity.minimum);

/**
 * The keys of the `permissions` objects (server/policies/content.ts and organization.ts, change-request.ts) the
 * tables name, with the least role each needs while the space is live and the change request
 * active (the world's state). A test pins the presenters to this table.
 */
export const MINIMUM_ROLE = {
  "organization.view": "guest",
  "organization.createContent": "create",
  "organization.admin": "admin",
  "organization.listMembers": "read",
  "collection.view": "read",
  "collection.create": "create",
  "collection.admin": "admin",
  "space.view": "read",
  "space.edit": "edit",
  "space.admin": "admin",
  "space.comment": "comment",
  "changeRequest.view": "read",
  "changeRequest.edit": "edit",
  "changeRequest.editContent": "edit",
  "changeRequest.update": "edit",
  "changeRequest.merge": "review",
  "changeRequest.review": "review",
  "changeRequest.requestReviewers": "edit",
  "changeRequest.comment": "comment",
  "team.view": "read",
  "team.admin": "admin",
  // A docs site (server/policies/site.ts): its role is a space's, from its own default level and grants.
  "site.view": "read",
  "site.create": "create",
  "site.admin": "admin",
  "site.viewAdaptiveSchema": "create",
  "site.editAdaptiveSchema": "admin",
} as const satisfies Record<string, Level>;
export type PermissionKey = keyof typeof MINIMUM_ROLE;

/**
 * What a row's operation needs. Besides the permission keys of the resource it acts on:
 * `container.create`, creating content where the item sits (`organization.createContent` at the
 * root, `collection.create` in a collection), and `destination.admin`, the admin role in the
 * organization a transfer goes to.
 */
export type Need = PermissionKey | "container.create" | "destination.admin";
export type Resource = "self" | "organization" | "collection" | "space" | "changeRequest" | "team" | "site";

/** A table row: what one operation (REST) or procedure (tRPC) needs, and how to call it. */
export type Requirement<Call> = Call & {
  /** The resource acted on and the permission it needs there, or "self": any signed-in caller. */
  needs: PermissionKey | "self";
  /** Further checks the service makes, in its order, after `needs`. */
  also?: Need[];
  /** Changes its target: every call then gets a fresh one (an empty space, a space in the trash, one with pages and revisions, a deleted organization). */
  mutates?: true | "empty space" | "deleted space" | "space with content" | "deleted organization";
  /**
   * Places its target among its siblings (moves, copies placed after their source): when positions run
   * out of room the siblings are renumbered, which other rows' targets there would show as a change.
   * Such rows run alone, their refusals before their successes (tests/helpers/authorization/row.ts).
   */
  reordersSiblings?: true;
  /** The service's documented rule that an item the caller cannot see is already done (deletes). */
  invisibleIsDone?: true;
  /** What only people do (creating or joining an organization, editing a profile): integration callers are refused, 403, first. */
  people?: true;
  /** What is seen through membership of its organization alone (a private integration, a member's profile, its subdomain): an installation, no member, finds nothing (404). */
  membersOnly?: true;
  /** What only the integration itself, with its own token, may do (minting its installation's tokens): 403 for anyone else. */
  integrationItself?: true;
};

export const resourceOf = (needs: PermissionKey | "self"): Resource => (needs === "self" ? "self" : (needs.split(".")[0] as Resource));

/**
 * The size of a matrix, for the closing note: operations (or procedures) × callers, and the
 * calls run, each operation once per place of the resource it acts on.
 */
export function matrixSize(operations: string[], needsOf: (operation: string) => PermissionKey | "self", places: Record<Resource, string[]>) {
  const calls = operations.reduce((sum, operation) => sum + places[resourceOf(needsOf(operation))].length * CALLERS.length, 0);
  return { operations: operations.length, callers: CALLERS.length, pairs: operations.length * CALLERS.length, calls };
}

/** Where a call lands in the model: the items its needs are checked on. */
export type Subject = { organization: Entity; collection?: Entity; space?: Entity; team?: Entity; site?: Entity; container: Entity; destination: Entity };

/**
 * What the caller must get: allowed (the operation's success), or refused with 401, 403 or 404 —
 * or 400 for an installation whose space would go to the collection it sits in (a move, a copy):
 * the collection is one it cannot see, and a place named that it cannot see is a bad request.
 */
export type Verdict = { allowed: true } | { allowed: false; status: 400 | 401 | 403 | 404; reason?: "sso_required" };

/** The outcome the model gives: unknown or invisible → 404, visible but below the need → 403. */
export function verdictFor(caller: Caller, row: Requirement<object>, subject: Subject): Verdict {
  if (!caller.signedIn) return { allowed: false, status: 401 };
  if (row.people && caller.integration) return { allowed: false, status: 403 };
  if (row.membersOnly && caller.installation) return { allowed: false, status: 404 };
  if (row.integrationItself) return caller.integrationItself ? { allowed: true } : { allowed: false, status: 403 };
  const needs: Need[] = row.needs === "self" ? [] : [row.needs, ...(row.also ?? [])];
  for (const need of needs) {
    const [resource, permission] = need.split(".") as [string, string];
    const entity =
      resource === "organization"
        ? subject.organization
        : resource === "collection"
          ? subject.collection
          : resource === "space" || resource === "changeRequest"
            ? subject.space
            : resource === "team"
              ? subject.team
              : resource === "site"
                ? subject.site
                : resource === "container"
                  ? subject.container
                  : subject.destination;
    if (!entity) throw new Error(`The row needs ${need} but its target has no ${resource}.`);
    if (resource === "container" && caller.installation && entity.kind === "collection") return { allowed: false, status: 400 };
    if (!canSee(caller, entity)) return { allowed: false, status: 404 };
    const minimum: Level = resource === "container" || resource === "destination" ? (permission === "create" ? "create" : "admin") : MINIMUM_ROLE[need as PermissionKey];
    if (!atLeast(roleOf(caller, entity), minimum)) return { allowed: false, status: 403 };
  }
  return { allowed: true };
}

/**
 * The outcome with the organization's single sign-on required (server/policies/sso.ts): its
 * members other than admins, coming with a token or a password session, are refused (403) on
 * anything of it, whatever they could otherwise see; others as without it.
 */
export function verdictWithSsoRequired(caller: Caller, row: Requirement<object>, subject: Subject): Verdict {
  if (!caller.signedIn) return { allowed: false, status: 401 };
  const org = subject.organization.org;
  const verdict = verdictFor(caller, row, subject);
  // What the member may not see stays not found; anything else of the organization asks for its SSO.
  if (org in caller.memberships && caller.memberships[org] !== "admin" && (verdict.allowed || verdict.status !== 404)) return { allowed: false, status: 403, reason: "sso_required" };
  return verdict;
}

/** The caller as tRPC sees it: integrations have no browser session (their tokens are for /v1 alone). */
export const sessionCaller = (caller: Caller): Caller => (caller.integration ? { ...caller, signedIn: false } : caller);

/** Whether the answer for this verdict is the operation's success (an invisible item's delete is "done"). */
export const answersSuccess = (row: Requirement<object>, verdict: Verdict) =>
  verdict.allowed || (row.invisibleIsDone === true && verdict.status === 404);
