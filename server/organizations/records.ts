import type { Organization } from "../db/generated/client";
import type { Role } from "../policies/roles";

/**
 * What the organization services return: the organization's row with the caller's role in it (null:
 * a guest, or someone outside it). No URL: the edge presents it (server/presenters/organization.ts).
 */
export type OrganizationRecord = Organization & { memberRole: Role | null };

/**
 * An organization found by a verified email domain: `member` when the caller is in it (shown as
 * usual), otherwise shown as to an outsider (`presentOrganizationRecordToOutsider`).
 */
export type DomainOrganizationRecord = OrganizationRecord & { member: boolean };
