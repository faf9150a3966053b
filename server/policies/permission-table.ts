import type { ChangeRequest, Space } from "../db/generated/client";
import { AppError, fieldError, forbidden } from "../errors";
import { ROLES, type Role } from "./roles";

/**
 * Who may do what: every permission Quire checks, in one table. An action (`space.delete`) names the
 * kind of thing it acts on and what it does; its rule is the least role the caller must hold on that
 * thing, with the refusal people read when they hold less. A few actions depend on more than a role
 * (a locked space, a comment's author, the integration itself): their rule says so beside the role.
 *
 * `authorize` (server/policies/authorize.ts) checks a rule and throws its refusal (403, with
 * `details.action` and `details.required`); the `permissions` objects of API answers are views of
 * this table (`permissionsOn`), so what the UI offers and what the services allow cannot disagree.
 * Which role a caller holds on a thing comes from the loaders (server/policies/access.ts).
 */

/** A role, or "guest": anyone the loader let reach the thing (an organization's guests, an installation). */
export type Level = "guest" | Role;
const LADDER: readonly Level[] = ["guest", ...ROLES];
export const atLeastLevel = (level: Level | null, least: Level) => level !== null && LADDER.indexOf(level) >= LADDER.indexOf(least);

type SpaceState = Pick<Space, "editMode" | "deletedAt">;
export type ChangeRequestStatus = "draft" | "open" | "archived" | "merged";
export type TeamRole = "owner" | "member";
export type IntegrationViewer = {
  /** The caller's role in the integration's owner organization (null: not a member, or a guest). */
  ownerRole: Role | null;
  /** Whether the caller is a member (any role, guests included) of the owner organization. */
  ownerMember: boolean;
  /** Whether the caller is the integration itself or one of its installations. */
  isIntegration: boolean;
  /** Whether the caller is the integration itself, with its own token. */
  isIntegrationItself: boolean;
};

/**
 * The kinds of things acted on: what the caller brings (their standing, from the loaders) and what
 * the rule reads of the thing itself, when it reads anything.
 */
export type Kinds = {
  organization: { caller: { memberRole: Role | null }; resource: undefined };
  collection: { caller: { role: Role | null }; resource: undefined };
  space: { caller: { role: Role | null }; resource: SpaceState };
  changeRequest: {
    caller: { role: Role | null; userId?: string };
    resource: {
      space: SpaceState;
      changeRequest: Pick<ChangeRequest, "status"> & Partial<Pick<ChangeRequest, "number" | "createdById">>;
      /** For `edit`: the status the change request is asked to take, if any. */
      to?: ChangeRequestStatus;
    };
  };
  /** A change request's conversation (its comments' thread). */
  conversation: { caller: { role: Role | null }; resource: undefined };
  /** Comments and replies: the comment acted on, for what its author alone may do. */
  comment: { caller: { role: Role | null; userId: string }; resource: { authorId: string } | undefined };
  site: { caller: { role: Role | null }; resource: undefined };
  /** A space shown in a site (a variant): the caller's role on the space, the site space's title. */
  siteSpace: { caller: { role: Role | null }; resource: { title: string } };
  /** Sharing a space, a collection or a site: the caller's role on it (and what it is, for the refusal). */
  sharing: { caller: { role: Role | null }; resource: { type: "space" | "collection" | "site" } | undefined };
  team: { caller: { memberRole: Role | null; teamRole: TeamRole | null }; resource: undefined };
  integration: { caller: IntegrationViewer; resource: { visibility: string } | undefined };
  /** An installation of an integration: what its loader found the caller may do with it (server/integrations/installations/access.ts). */
  installation: { caller: { may: { read: boolean; configure: boolean; select: boolean; uninstall: boolean } }; resource: undefined };
  /** An integration installed on a space or a site. */
  contentInstallation: { caller: { may: { manage: boolean } }; resource: { kind: "space" | "site" } };
  user: { caller: { userId: string }; resource: { id: string } };
  /**
   * One member of the caller's organization, acted on by the caller (`userId`, with their own role):
   * `elsewhere` when it is also a member of another organization, deleted ones included; `admins`, how
   * many admins the organization has.
   */
  member: { caller: { memberRole: Role | null; userId: string }; resource: { member: { userId: string; role: Role | null; elsewhere: boolean }; admins: number } };
};
export type Kind = keyof Kinds;
export type CallerOf<K extends Kind> = Kinds[K]["caller"];
export type ResourceOf<K extends Kind> = Kinds[K]["resource"];
/** The resource argument of `authorize`: left out where the rules read none, or may do without. */
export type ResourceArgs<K extends Kind> = undefined extends ResourceOf<K> ? [resource?: ResourceOf<K>] : [resource: ResourceOf<K>];

/** A refusal's text: a sentence, or one made from the thing acted on. */
type Text<K extends Kind> = string | ((caller: CallerOf<K>, resource: ResourceOf<K>) => string);

/** A further condition of an action, after the role, with the error it refuses with. */
type Condition<K extends Kind> = { holds: (caller: CallerOf<K>, resource: ResourceOf<K>) => boolean; refuse: (caller: CallerOf<K>, resource: ResourceOf<K>) => AppError };

export type Rule<K extends Kind> = {
  /** The least role on the thing (`details.required` of the refusal). */
  least: Level | "author" | "self" | "integration";
  /** For the few actions a role alone does not decide: replaces `least`'s check. */
  allows?: (caller: CallerOf<K>, resource: ResourceOf<K>) => boolean;
  refusal: Text<K>;
  /** A state of the thing in which the action is refused whatever the role (a locked space), with what people read then. */
  blockedWhen?: { state: (resource: ResourceOf<K>) => boolean; refusal: string }[];
  /** Checked after the role, in order. */
  also?: Condition<K>[];
  /** The refusal's error, where it is not a plain 403 (`details`: the action and what it requires). */
  error?: (caller: CallerOf<K>, resource: ResourceOf<K>, message: string, details: Record<string, unknown>) => AppError;
};

/** The caller's level on a thing of each kind: its role, or what stands for it. */
export const LEVEL_OF: { [K in Kind]: (caller: CallerOf<K>) => Level | null } = {
  organization: (caller) => caller.memberRole ?? "guest",
  collection: (caller) => caller.role,
  space: (caller) => caller.role,
  changeRequest: (caller) => caller.role,
  conversation: (caller) => caller.role,
  comment: (caller) => caller.role,
  site: (caller) => caller.role,
  siteSpace: (caller) => caller.role,
  sharing: (caller) => caller.role,
  // The organization's admins and the team's owners manage it; its members see every team, guests only those they are in.
  team: (caller) => (caller.memberRole === "admin" || caller.teamRole === "owner" ? "admin" : caller.memberRole !== null || caller.teamRole !== null ? "read" : "guest"),
  integration: (caller) => caller.ownerRole,
  installation: () => null,
  contentInstallation: () => null,
  user: () => null,
  member: (caller) => caller.memberRole ?? "guest",
};

/** Content changes only on a live space (not locked, not in the trash): refused otherwise, with the lock's text. */
const whileWritable = (locked: string): NonNullable<Rule<"space">["blockedWhen"]> => [
  { state: (space) => space.editMode === "locked", refusal: locked },
  { state: (space) => space.deletedAt !== null, refusal: "The space is in the trash: restore it first." },
];
const whileWritableSpace = (locked: string): NonNullable<Rule<"changeRequest">["blockedWhen"]> =>
  whileWritable(locked).map((block) => ({ state: (subject) => block.state(subject.space), refusal: block.refusal }));

/**
 * The statuses a change request may be moved to from each status (PATCH `status`; merging has its
 * own operation). Review goes back and forth between draft and open; archiving closes a draft or an
 * open one without merging, and an archived one comes back as a draft, to be submitted anew. Merged
 * is final. Moving to the status it already has is no move, and always allowed but on a merged one.
 */
export const STATUS_MOVES: Record<ChangeRequestStatus, readonly ChangeRequestStatus[]> = {
  draft: ["open", "archived"],
  open: ["draft", "archived"],
  archived: ["draft"],
  merged: [],
};

/** Whether a change request in status `from` may be set to `to` (the UI's status buttons read this too). */
export function canMoveStatus(from: string, to: ChangeRequestStatus): boolean {
  const moves = STATUS_MOVES[from as ChangeRequestStatus] ?? [];
  return (from === to && from !== "merged") || moves.includes(to);
}

type CrSubject = ResourceOf<"changeRequest">;
/** A change request still takes changes while it is a draft or open; merged and archived ones do not. */
export const isActive = (changeRequest: Pick<ChangeRequest, "status">) => changeRequest.status === "draft" || changeRequest.status === "open";
const stillTakes = (what: (subject: CrSubject) => boolean): Condition<"changeRequest"> => ({
  holds: (_caller, subject) => what(subject),
  refuse: (_caller, { changeRequest }) => fieldError("changeRequestId", `Change request ${changeRequest.number} is ${changeRequest.status}`, { details: { status: changeRequest.status } }),
});
const active = stillTakes((subject) => isActive(subject.changeRequest));
const statusMove: Condition<"changeRequest"> = {
  holds: (_caller, { changeRequest, to }) => to === undefined || canMoveStatus(changeRequest.status, to),
  refuse: (_caller, { changeRequest, to }) => {
    const from = changeRequest.status;
    const allowed = STATUS_MOVES[from as ChangeRequestStatus] ?? [];
    const why = allowed.length > 0 ? `it can become ${allowed.join(" or ")}` : "its status is final";
    return fieldError("status", `Change request ${changeRequest.number} is ${from} and cannot become ${to}: ${why}`, { details: { from, to, allowed } });
  },
};
const notAuthor: Condition<"changeRequest"> = {
  // Authors do not review their own change request (as on GitHub: a review is a second pair of eyes).
  holds: (caller, { changeRequest }) => caller.userId === undefined || caller.userId !== changeRequest.createdById,
  refuse: () => forbidden("You opened this change request: someone else has to review it."),
};

type MemberSubject = ResourceOf<"member">;
const managesMembers = (caller: CallerOf<"member">) => atLeastLevel(caller.memberRole, "admin");
const isLastAdmin = ({ member, admins }: MemberSubject) => member.role === "admin" && admins <= 1;
const isOther = (caller: CallerOf<"member">, { member }: MemberSubject) => caller.userId !== member.userId;
/** On one's own account a refused action is a 400 (the profile does it); on another's a 403, saying when the member belongs elsewhere. */
const onAccount = (caller: CallerOf<"member">, subject: MemberSubject, message: string, details: Record<string, unknown>) =>
  isOther(caller, subject) ? new AppError("forbidden", message, managesMembers(caller) ? { ...details, reason: "member_elsewhere" } : details) : fieldError("userId", message);

const isAuthor = (caller: CallerOf<"comment">, comment: ResourceOf<"comment">) => comment !== undefined && comment.authorId === caller.userId;

export const PERMISSION_TABLE = {
  organization: {
    view: { least: "guest", refusal: "Seeing this organization needs to be a member of it." },
    access: { least: "guest", refusal: "Opening this organization needs to be a member of it." },
    admin: { least: "admin", refusal: "Only organization admins can do this." },
    createContent: { least: "create", refusal: "Creating content at the root of the organization needs the create role." },
    createOpenAPISpec: { least: "create", refusal: "Creating OpenAPI specifications needs the create role in the organization." },
    viewBilling: { least: "admin", refusal: "Only organization admins can see its billing." },
    listMembers: { least: "read", refusal: "Guests cannot list the organization's members." },
    listTeams: { least: "read", refusal: "Guests cannot list the organization's teams." },
    listIntegrations: { least: "read", refusal: "Guests cannot list the organization's integrations." },
    listInstallations: { least: "admin", refusal: "Only the organization's admins can see its installations." },
    installIntegration: { least: "admin", refusal: "Only the organization's admins can install integrations." },
    manageInstallations: { least: "admin", refusal: "Only the organization's admins can see and change its installations." },
    /** Change roles, remove members, let members sign in through single sign-on. */
    manageMembers: { least: "admin", refusal: "Only organization admins can manage its members." },
    /** Invite by email, and create, see and change invite links. */
    invite: { least: "admin", refusal: "Only organization admins can invite people or manage invite links." },
    update: { least: "admin", refusal: "Only organization admins can change its settings." },
    delete: { least: "admin", refusal: "Only organization admins can delete the organization." },
    restore: { least: "admin", refusal: "Only organization admins can restore the organization." },
    /** Be the destination of a space or collection transferred from another organization. */
    receiveTransfer: { least: "admin", refusal: "Transferring into an organization needs the admin role in it." },
    readAuditLog: { least: "admin", refusal: "The audit log is for the organization's admins." },
    manageMergeRules: { least: "admin", refusal: "Only organization admins can change or see its merge rules." },
    manageWebhooks: { least: "admin", refusal: "Only organization admins can manage webhooks and read the event feed." },
    redeliverWebhooks: { least: "admin", refusal: "Only the organization's admins can send webhook deliveries again." },
    manageSso: { least: "admin", refusal: "Only organization admins can manage single sign-on." },
    createTeam: { least: "admin", refusal: "Creating a team needs the admin role in the organization." },
    createSite: { least: "create", refusal: "Creating a site needs the create role in the organization." },
    /**
     * The custom fonts any site of the organization may use: managing them is customizing sites, taken
     * from the organization role alone (as on a site of the default level, no grants): its admins.
     */
    manageFonts: { least: "admin", refusal: "Managing the organization's custom fonts needs the admin role in it." },
    uploadFont: { least: "admin", refusal: "Uploading fonts needs the admin role in the organization." },
    uploadFile: { least: "admin", refusal: "Uploading the organization's files (its logo) needs the admin role in the organization." },
  },
  collection: {
    view: { least: "read", refusal: "Seeing this collection needs access to it." },
    admin: { least: "admin", refusal: "Managing this collection needs the admin role on it." },
    viewInviteLinks: { least: "admin", refusal: "Seeing this collection's invite links needs the admin role on it." },
    create: { least: "create", refusal: "Creating content in this collection needs the create role on it." },
    update: { least: "admin", refusal: "Changing a collection needs the admin role on it." },
    move: { least: "admin", refusal: "Moving a collection needs the admin role on it." },
    transfer: { least: "admin", refusal: "Transferring a collection needs the admin role on it." },
    delete: { least: "admin", refusal: "Deleting a collection needs the admin role on it." },
  },
  space: {
    view: { least: "read", refusal: "Seeing this space needs access to it." },
    access: { least: "read", refusal: "Opening this space needs access to it." },
    admin: { least: "admin", refusal: "Managing this space needs the admin role on it." },
    viewInviteLinks: { least: "admin", refusal: "Seeing this space's invite links needs the admin role on it." },
    edit: { least: "edit", refusal: "Editing the space's content needs the edit role.", blockedWhen: whileWritable("The space is locked: its content cannot be changed.") },
    triggerGitSync: { least: "edit", refusal: "Syncing the space with Git needs the edit role.", blockedWhen: whileWritable("The space is locked: it cannot be synced.") },
    comment: { least: "comment", refusal: "Commenting needs the comment role on the space." },
    merge: { least: "review", refusal: "Merging needs the review role on the space.", blockedWhen: whileWritable("The space is locked: change requests cannot be merged.") },
    review: { least: "review", refusal: "Reviewing needs the review role on the space." },
    installIntegration: { least: "admin", refusal: "Installing integrations on this space needs the admin role on it." },
    update: { least: "admin", refusal: "Changing the settings of a space needs the admin role on it." },
    move: { least: "admin", refusal: "Moving a space needs the admin role on it." },
    transfer: { least: "admin", refusal: "Transferring a space needs the admin role on it." },
    delete: { least: "admin", refusal: "Deleting a space needs the admin role on it." },
    restore: { least: "admin", refusal: "Restoring a space needs the admin role on it." },
    duplicate: { least: "read", refusal: "Duplicating a space needs access to it." },
    manageMergeRules: { least: "admin", refusal: "The merge rules of a space are its admins' to see and change." },
    openChangeRequest: { least: "edit", refusal: "Opening a change request needs the edit role.", blockedWhen: whileWritable("The space is locked: no change request can be opened.") },
    applyTemplate: { least: "edit", refusal: "Applying a template needs the edit role on the space.", blockedWhen: whileWritable("The space is locked: its content cannot be changed.") },
    importContent: { least: "edit", refusal: "Importing content needs the edit role.", blockedWhen: whileWritable("The space is locked: content cannot be imported into it.") },
    exportChangeRequest: { least: "read", refusal: "Exporting a change request needs read access to the space." },
  },
  changeRequest: {
    view: { least: "read", refusal: "Seeing this change request needs access to its space." },
    /** Its subject and status, within the moves `canMoveStatus` allows: a merged change request no longer changes. */
    edit: {
      least: "edit",
      refusal: "Changing a change request needs the edit role.",
      blockedWhen: whileWritableSpace("The space is locked: its change requests cannot be changed."),
      also: [statusMove, stillTakes((subject) => subject.changeRequest.status !== "merged")],
    },
    /** Its content: pages, files and variables, imports and templates into it. */
    editContent: { least: "edit", refusal: "Editing a change request's content needs the edit role.", blockedWhen: whileWritableSpace("The space is locked: its change requests cannot be edited."), also: [active] },
    /** Bring the space's main content into it. */
    update: { least: "edit", refusal: "Updating a change request needs the edit role.", blockedWhen: whileWritableSpace("The space is locked: change requests cannot be updated from main."), also: [active] },
    merge: { least: "review", refusal: "Merging a change request needs the review role.", blockedWhen: whileWritableSpace("The space is locked: change requests cannot be merged."), also: [active] },
    comment: { least: "comment", refusal: "Commenting on a change request needs the comment role on its space." },
    /** Submit a review (approve, request changes): the review role, on an active change request someone else opened. */
    review: { least: "review", refusal: "Reviewing a change request needs the review role on its space.", also: [notAuthor, active] },
    /** Ask members for their review, and withdraw the request. */
    requestReviewers: { least: "edit", refusal: "Requesting reviews needs the edit role.", blockedWhen: whileWritableSpace("The space is locked: reviews cannot be requested."), also: [active] },
  },
  conversation: {
    view: { least: "read", refusal: "Seeing a conversation needs access to the space." },
    rename: { least: "edit", refusal: "Renaming a conversation needs the edit role on the space." },
    delete: { least: "admin", refusal: "Deleting a conversation needs the admin role on the space." },
  },
  /**
   * Comments are not content edits: a locked space still takes them, and a merged or archived change
   * request stays open to discussion. Whoever takes part in the discussion may resolve a thread, and
   * reopen it (as in GitBook).
   */
  comment: {
    view: { least: "read", refusal: "Seeing comments needs access to the space." },
    post: { least: "comment", refusal: "Posting a comment needs the comment role on the space." },
    reply: { least: "comment", refusal: "Replying needs the comment role on the space." },
    react: { least: "comment", refusal: "Reacting needs the comment role on the space." },
    resolve: { least: "comment", refusal: "Resolving or reopening a comment needs the comment role on the space." },
    /** Its body: its author alone, while they can still comment. */
    edit: { least: "author", allows: (caller, comment) => isAuthor(caller, comment) && atLeastLevel(caller.role, "comment"), refusal: "Only its author can edit a comment." },
    /** Its author (while they can comment), or an admin of the space. */
    delete: {
      least: "author",
      allows: (caller, comment) => (isAuthor(caller, comment) && atLeastLevel(caller.role, "comment")) || atLeastLevel(caller.role, "admin"),
      refusal: "Only its author or an admin of the space can delete a comment.",
    },
  },
  site: {
    view: { least: "read", refusal: "Viewing this site needs access to it." },
    access: { least: "read", refusal: "Opening this site needs access to it." },
    edit: { least: "edit", refusal: "Editing this site needs the edit role on it." },
    /** Manage the structure: sections, groups, site spaces, conditions, redirects. */
    create: { least: "create", refusal: "Changing this site's structure needs the create role on it." },
    /** Settings, customization, visibility, share links, visitor authentication, publishing, grants. */
    admin: { least: "admin", refusal: "Managing this site needs the admin role on it." },
    installIntegration: { least: "admin", refusal: "Installing integrations on this site needs the admin role on it." },
    viewAdaptiveSchema: { least: "create", refusal: "Seeing this site's visitor schema needs the create role on it." },
    editAdaptiveSchema: { least: "admin", refusal: "Changing this site's visitor schema needs the admin role on it." },
  },
  siteSpace: {
    /** Preview a site's customization, which shows the space's pages. */
    preview: { least: "read", refusal: (_caller, siteSpace) => `The preview shows pages of “${siteSpace.title}”, which you may not read.` },
  },
  /** Anyone who can see an item sees who it is shared with; its admins share it and ask why any member has the access they have (anyone may ask about themself). */
  sharing: {
    view: { least: "read", refusal: (_caller, target) => `Seeing who this ${target?.type ?? "item"} is shared with needs access to it.` },
    share: { least: "admin", refusal: (_caller, target) => `Sharing this ${target?.type ?? "item"} needs the admin role on it.` },
    explainOthers: { least: "admin", refusal: (_caller, target) => `Explaining another member's access to this ${target?.type ?? "item"} needs the admin role on it.` },
  },
  team: {
    view: { least: "read", refusal: "Seeing this team needs to be a member of it or of its organization." },
    /** Rename, delete, change members. */
    manage: { least: "admin", refusal: "Managing a team needs to be an owner of it or an admin of the organization." },
  },
  /**
   * A published integration: its owner organization's admins and the integration itself (its own
   * token) administer it; anyone sees a public or unlisted one, a private one only its owner
   * organization's members and the integration itself.
   */
  integration: {
    view: {
      least: "integration",
      allows: (viewer, integration) => integration?.visibility !== "private" || viewer.ownerMember || viewer.isIntegration,
      refusal: "This integration is private to its organization.",
    },
    admin: {
      least: "admin",
      allows: (viewer) => viewer.isIntegrationItself || viewer.ownerRole === "admin",
      refusal: "Only the integration's owner organization's admins, or the integration itself, can do this.",
    },
    publish: {
      least: "admin",
      allows: (viewer) => viewer.isIntegrationItself || viewer.ownerRole === "admin",
      refusal: "Publishing an integration needs the admin role in its organization.",
    },
    createInstallationTokens: { least: "integration", allows: (viewer) => viewer.isIntegrationItself, refusal: "Only the integration, authenticated with its own token, can create installation tokens." },
    queueTasks: { least: "integration", allows: (viewer) => viewer.isIntegrationItself, refusal: "Only the integration, authenticated with its own token, can queue its tasks." },
  },
  installation: {
    read: { least: "admin", allows: ({ may }) => may.read, refusal: "Only the organization's admins can see its installations." },
    configure: { least: "admin", allows: ({ may }) => may.configure, refusal: "Only the organization's admins, or the integration itself, can configure this installation." },
    select: { least: "admin", allows: ({ may }) => may.select, refusal: "Only the organization's admins can choose which spaces and sites an installation reaches." },
    uninstall: { least: "admin", allows: ({ may }) => may.uninstall, refusal: "Only the organization's admins can uninstall an integration." },
  },
  contentInstallation: {
    configure: { least: "admin", allows: ({ may }) => may.manage, refusal: (_caller, target) => `Installing and configuring integrations on this ${target.kind} needs the admin role on it.` },
    install: { least: "admin", allows: ({ may }) => may.manage, refusal: (_caller, target) => `Only the ${target.kind}'s admins can install integrations on it.` },
    uninstall: { least: "admin", allows: ({ may }) => may.manage, refusal: (_caller, target) => `Only the ${target.kind}'s admins can uninstall integrations from it.` },
  },
  /**
   * What the caller may do to one member. An organization always keeps an admin, so its last one can
   * be neither demoted nor removed. Admins end another member's sessions (signing them out everywhere)
   * and reset their password — only of an account that belongs to this organization alone: a reset
   * hands its maker the account, and one organization's admins must not take over a member of
   * another. Oneself, the profile does both.
   */
  member: {
    /** Give any role. */
    changeRole: { least: "admin", refusal: "Only organization admins can change a member's role." },
    /** Give a role below admin: not to the last admin. */
    demote: { least: "admin", allows: (caller, subject) => managesMembers(caller) && !isLastAdmin(subject), refusal: "This member is the organization's last admin; make another member admin first." },
    /** Admins remove anyone, members themselves (leaving), the last admin nobody. */
    remove: {
      least: "admin",
      allows: (caller, subject) => (managesMembers(caller) || !isOther(caller, subject)) && !isLastAdmin(subject),
      refusal: "Only organization admins can remove other members, and the last admin stays.",
    },
    endSessions: {
      least: "admin",
      allows: (caller, subject) => managesMembers(caller) && isOther(caller, subject),
      refusal: (caller, subject) => (isOther(caller, subject) ? "Only organization admins can end a member's sessions." : "To sign yourself out everywhere, change your password on your profile"),
      error: onAccount,
    },
    resetPassword: {
      least: "admin",
      allows: (caller, subject) => managesMembers(caller) && isOther(caller, subject) && !subject.member.elsewhere,
      refusal: (caller, subject) =>
        !isOther(caller, subject)
          ? "Change your own password on your profile"
          : managesMembers(caller)
            ? "Quire resets the password only of an account that belongs to this organization alone; this member also belongs to another organization, so only they can change it (on their profile)."
            : "Only organization admins can reset a member's password.",
      error: onAccount,
    },
  },
  user: {
    /** A user's name and photo. */
    updateProfile: { least: "self", allows: (caller, user) => caller.userId === user.id, refusal: "A user's profile can only be changed by that user." },
  },
} satisfies { [K in Kind]: Record<string, Rule<K>> };

/** Every action, as `kind.name`. */
export type Action = { [K in Kind]: `${K}.${keyof (typeof PERMISSION_TABLE)[K] & string}` }[Kind];
export type KindOf<A extends Action> = A extends `${infer K extends Kind}.${string}` ? K : never;

/** The rule of an action, with its kind's types. */
export function ruleOf<K extends Kind>(action: `${K}.${string}`): { kind: K; name: string; rule: Rule<K> } {
  const [kind, name] = action.split(".") as [K, string];
  const rule = (PERMISSION_TABLE[kind] as Record<string, Rule<K>> | undefined)?.[name];
  if (!rule) throw new Error(`No permission rule for ${action}.`);
  return { kind, name, rule };
}

