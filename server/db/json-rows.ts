import type { Organization, Space } from "./generated/client";

/**
 * Rows that hot paths read in one raw query, as `to_jsonb` gives them (snake_case, timestamps as
 * text), turned into Prisma's types. Every field is named, so a column added to the schema makes
 * these fail to compile rather than go missing.
 */

type JsonRow = Record<string, unknown>;

const text = (value: unknown) => value as string;
const optionalText = (value: unknown) => (value ?? null) as string | null;
const date = (value: unknown) => new Date(value as string);
const optionalDate = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

export function spaceFromJson(row: JsonRow): Space {
  return {
    id: text(row.id),
    organizationId: text(row.organization_id),
    parentId: optionalText(row.parent_id),
    title: text(row.title),
    emoji: optionalText(row.emoji),
    visibility: text(row.visibility),
    editMode: text(row.edit_mode),
    language: optionalText(row.language),
    defaultLevel: optionalText(row.default_level),
    sortKey: row.sort_key as number,
    revisionId: optionalText(row.revision_id),
    changeRequests: row.change_requests as number,
    changeRequestsOpen: row.change_requests_open as number,
    changeRequestsDraft: row.change_requests_draft as number,
    requiredApprovals: (row.required_approvals ?? null) as number | null,
    dismissStaleApprovals: (row.dismiss_stale_approvals ?? null) as boolean | null,
    blockOnChangesRequested: (row.block_on_changes_requested ?? null) as boolean | null,
    requireResolvedThreads: (row.require_resolved_threads ?? null) as boolean | null,
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
    deletedAt: optionalDate(row.deleted_at),
  };
}

export function organizationFromJson(row: JsonRow): Organization {
  return {
    id: text(row.id),
    title: text(row.title),
    emailDomains: (row.email_domains ?? []) as string[],
    hostname: optionalText(row.hostname),
    type: text(row.type),
    useCase: optionalText(row.use_case),
    communityType: optionalText(row.community_type),
    defaultRole: optionalText(row.default_role),
    defaultSiteId: optionalText(row.default_site_id),
    logoURL: optionalText(row.logo_url),
    logoUploadId: optionalText(row.logo_upload_id),
    sso: row.sso as boolean,
    ai: row.ai as boolean,
    inviteLinks: row.invite_links as boolean,
    requiredApprovals: row.required_approvals as number,
    dismissStaleApprovals: row.dismiss_stale_approvals as boolean,
    blockOnChangesRequested: row.block_on_changes_requested as boolean,
    requireResolvedThreads: row.require_resolved_threads as boolean,
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
    deletedAt: optionalDate(row.deleted_at),
    deletedById: optionalText(row.deleted_by_id),
  };
}
