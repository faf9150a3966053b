/**
 * Every action the domain-event record knows, with the label the audit log shows for it. An event
 * can only be recorded under one of these (`EventAction`), so the list the audit log offers
 * (`listOrganizationAuditEventActions`) is complete by construction.
 */
export const EVENT_ACTIONS = {
  "organization.updated": "Organization settings changed",
  "collection.created": "Collection created",
  "collection.updated": "Collection changed",
  "collection.moved": "Collection moved",
  "collection.transferred": "Collection transferred",
  "collection.deleted": "Collection deleted",
  "space.created": "Space created",
  "space.updated": "Space settings changed",
  "space.moved": "Space moved",
  "space.transferred": "Space transferred",
  "space.duplicated": "Space duplicated",
  "space.deleted": "Space deleted",
  "space.restored": "Space restored",
  "space.content_edited": "Space content edited",
  "space.template_applied": "Template applied",
  "space.content_imported": "Website imported",
  "change_request.created": "Change request opened",
  "change_request.updated": "Change request changed",
  "change_request.content_edited": "Change request content edited",
  "change_request.updated_from_main": "Change request updated from main",
  "change_request.merged": "Change request merged",
  "team.created": "Team created",
  "team.renamed": "Team renamed",
  "team.deleted": "Team deleted",
  "team.members_changed": "Team members changed",
  "grant.added": "Access granted",
  "grant.changed": "Access changed",
  "grant.removed": "Access removed",
  "sso.provider_created": "SAML provider added",
  "sso.provider_updated": "SAML provider changed",
  "sso.provider_deleted": "SAML provider removed",
  "member.joined": "Member joined",
  "member.sso_enabled": "Single sign-on allowed for a member",
  "member.sso_disabled": "Single sign-on removed from a member",
  "user.password_changed": "Password changed",
} as const;

export type EventAction = keyof typeof EVENT_ACTIONS;
