import type { Actor } from "../auth/actor";
import type { ServiceContext } from "../context";
import { db, type Db } from "../db/client";
import type { OrganizationInvite } from "../db/generated/client";
import { notFound } from "../errors";
import { paginateModel, type ListParams, type ListResult } from "../pagination";
import { loadOrganization, type OrgAccess } from "../policies/access";
import { parseRole } from "../policies/roles";
import { inviteAcceptableBy } from "./invitee";
import { hashInviteToken, inviteTokenSchema } from "./tokens";
import type { LinkInviteRecord } from "./records";
import { authorize } from "../policies/authorize";

/** An invite of the caller's organization, of the kind asked for; admins only. */
export async function loadInvite(tx: Db, access: OrgAccess, inviteId: string, kind: "email" | "link"): Promise<OrganizationInvite> {
  authorize(access, "organization.invite");
  const invite = await tx.organizationInvite.findFirst({ where: { id: inviteId, organizationId: access.organization.id, kind } });
  if (!invite) throw notFound(`No ${kind === "link" ? "invite link" : "invite"} ${inviteId} in organization ${access.organization.id}.`);
  return invite;
}

export async function listLinkInvites(ctx: ServiceContext, organizationId: string, params: ListParams): Promise<ListResult<LinkInviteRecord>> {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  authorize(access, "organization.invite");
  const page = await paginateModel(params, db().organizationInvite, { organizationId, kind: "link" });
  return { ...page, items: page.items.map((invite) => ({ ...invite, callerRole: access.memberRole })) };
}

export async function getLinkInvite(ctx: ServiceContext, organizationId: string, inviteId: string): Promise<LinkInviteRecord> {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  return { ...(await loadInvite(db(), access, inviteId, "link")), callerRole: access.memberRole };
}

/** Email invites not yet accepted, newest first (the invites page; at most 50 addresses go out at once, 500 are shown). */
export async function listPendingEmailInvites(ctx: ServiceContext, organizationId: string): Promise<OrganizationInvite[]> {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  authorize(access, "organization.invite");
  return db().organizationInvite.findMany({ where: { organizationId, kind: "email" }, orderBy: { createdAt: "desc" }, take: 500 });
}

export type InviteStatus = "valid" | "expired" | "links-off";

/**
 * An invite found by its link's token, with its organization: what the public invite page and
 * joining need. Null for a token of no invite (or not a token at all).
 */
export async function findInviteByToken(tx: Db, token: string, options: { lock?: boolean } = {}) {
  if (!inviteTokenSchema.safeParse(token).success) return null;
  const tokenHash = hashInviteToken(token);
  if (options.lock) {
    // Joins with one email invite run one after the other: it is used once.
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM organization_invites WHERE token_hash = ${tokenHash} FOR UPDATE`;
    if (locked.length === 0) return null;
  }
  return tx.organizationInvite.findUnique({ where: { tokenHash } }).then(async (invite) => {
    if (!invite) return null;
    const organization = await tx.organization.findUniqueOrThrow({ where: { id: invite.organizationId } });
    // A deleted organization's invites let no one in: as if they were not there.
    if (organization.deletedAt !== null) return null;
    const status: InviteStatus = invite.expiresAt <= new Date() ? "expired" : invite.kind === "link" && !organization.inviteLinks ? "links-off" : "valid";
    return { invite, organization, status };
  });
}

/**
 * What the public invite page shows for a token: the organization (its name and logo only), the
 * role, for an email invite its address and whether an account has it, and whether the invite still
 * works. Whoever holds the link may know this much. For a signed-in visitor, also who they are and
 * whether they may accept it (`joinWithInvite` refuses anyone else).
 */
export async function describeInvite(token: string, visitor: Actor | null) {
  const found = await findInviteByToken(db(), token);
  if (!found) return null;
  const { invite, organization, status } = found;
  const [account, person] = await Promise.all([
    invite.email ? db().user.findFirst({ where: { email: { equals: invite.email, mode: "insensitive" } }, select: { id: true } }) : null,
    visitor ? db().user.findUnique({ where: { id: visitor.userId }, select: { email: true, displayName: true } }) : null,
  ]);
  return {
    signedIn: person && { ...person, mayAccept: inviteAcceptableBy(invite, person.email) },
    kind: invite.kind as "email" | "link",
    status,
    role: parseRole(invite.role),
    email: invite.email,
    accountExists: account !== null,
    expiresAt: invite.expiresAt,
    organization: { id: organization.id, title: organization.title },
  };
}
