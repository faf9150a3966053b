import type { Db } from "../db/client";
import type { EventRecorder } from "../events/record-event";
import { newId } from "../ids";
import { grantsOn, type TargetAccess } from "../policies/grant";
import type { Role } from "../policies/roles";

/** Who a grant is to: a member of the organization, or one of its teams, with a label for the record. */
export type GrantSubject = { type: "user" | "team"; id: string; label: string };

/**
 * Sets the role a subject is granted on a space, collection or site (null: no grant), recording the change
 * (`grant.added`, `grant.changed`, `grant.removed`) or nothing when it was already so. The subject
 * has been checked to belong to the item's organization.
 */
export async function applyGrant(tx: Db, events: EventRecorder, access: TargetAccess, subject: GrantSubject, role: Role | null): Promise<void> {
  const on = grantsOn(access.target);
  const to = subject.type === "user" ? { userId: subject.id } : { teamId: subject.id };
  const existing = await tx.contentGrant.findFirst({ where: { ...on, ...to } });
  const previousRole = (existing?.role as Role | undefined) ?? null;
  if (previousRole === role) return events.nothingChanged();
  if (role === null) await tx.contentGrant.delete({ where: { id: existing!.id } });
  else if (existing) await tx.contentGrant.update({ where: { id: existing.id }, data: { role } });
  else await tx.contentGrant.create({ data: { id: newId(), organizationId: access.organization.id, ...on, ...to, role } });
  events.record({
    organizationId: access.organization.id,
    action: role === null ? "grant.removed" : existing ? "grant.changed" : "grant.added",
    target: { type: access.target.type, id: access.target.id, label: access.title },
    payload: {
      subject: { type: subject.type, id: subject.id, label: subject.label },
      role,
      previousRole,
      ...(access.target.type === "site" ? { siteId: access.target.id } : {}),
    },
  });
}
