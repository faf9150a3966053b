import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/root";

type Outputs = inferRouterOutputs<AppRouter>;

/** The /v1 objects the integration procedures answer (the same presenters serve both). */
export type IntegrationObject = Outputs["integrations"]["get"];
export type InstallationObject = Outputs["integrations"]["getInstallation"];
export type IntegrationEventObject = Outputs["integrations"]["events"]["items"][number];

export const integrationsHref = (organizationId: string) => `/o/${organizationId}/integrations`;
export const integrationHref = (organizationId: string, name: string, tab: "" | "/events" | "/developer" = "") =>
  `${integrationsHref(organizationId)}/${encodeURIComponent(name)}${tab}`;

/** What each scope lets an integration do, in the words of someone deciding whether to install it. */
export const SCOPE_SENTENCES: Record<string, string> = {
  "space:content:read": "Read the content of the spaces it is installed on.",
  "space:content:write": "Change the content of the spaces it is installed on.",
  "space:metadata:read": "Read the titles, settings and other details of those spaces.",
  "space:metadata:write": "Change the titles, settings and other details of those spaces.",
  "space:git:sync": "Synchronize those spaces with a Git repository.",
  "page:feedback:read": "Read the feedback readers leave on pages.",
  "site:metadata:read": "Read the settings and structure of the sites it is installed on.",
  "site:views:read": "Read how many people view those sites, and which pages.",
  "site:script:inject": "Add its own script to the published pages of those sites.",
  "site:script:cookies": "Set cookies for visitors of those sites.",
  "site:visitor:auth": "Sign visitors in to those sites.",
  "site:visitor:claims": "Read what those sites know about their signed-in visitors.",
  "site:adaptive:read": "Read the adaptive content settings of those sites.",
  "site:adaptive:write": "Change the adaptive content settings of those sites.",
  "conversations:ingest": "Send conversations to the organization.",
  "openapi:read": "Read the organization's OpenAPI specifications.",
  "openapi:write": "Publish and change the organization's OpenAPI specifications.",
};

/** A scope in plain words; one unknown here is shown as written rather than dropped. */
export const scopeSentence = (scope: string) => SCOPE_SENTENCES[scope] ?? `Use the permission “${scope}”.`;

export const CATEGORY_LABELS: Record<string, string> = {
  analytics: "Analytics",
  collaboration: "Collaboration",
  content: "Content",
  marketing: "Marketing",
  "visitor-auth": "Visitor authentication",
  other: "Other",
};
export const categoryLabel = (category: string) => CATEGORY_LABELS[category] ?? category;

/** What an installation's status means for the people who installed it. */
export const STATUS_EXPLANATIONS: Record<string, { label: string; text: string }> = {
  active: { label: "Active", text: "The integration is installed and receives the events of what it reaches." },
  pending: { label: "Pending", text: "The integration is installed but needs its configuration completed before it starts working." },
  paused: { label: "Paused", text: "The integration is installed but receives no events until it is resumed." },
};
export const statusOf = (status: string) => STATUS_EXPLANATIONS[status] ?? { label: status, text: "" };

/** What an integration can be installed on, from its `target`. */
export const reachesSpaces = (target: string) => target === "all" || target === "space";
export const reachesSites = (target: string) => target === "all" || target === "site";

/** Whether an integration is this organization's own. */
export const isOwnIntegration = (integration: { owner: { id: string } }, organizationId: string) => integration.owner.id === organizationId;
