import type { inferRouterOutputs } from "@trpc/server";
import type { z } from "zod";
import type { siteVisibilitySchema } from "@/server/sites/schemas";
import type { AppRouter } from "@/server/trpc/root";
import { fieldFailure } from "@/components/ui/trpc-error";

type Outputs = inferRouterOutputs<AppRouter>;

/** The /v1 objects the site procedures answer (one presenter serves both). */
export type SiteObject = Outputs["sites"]["get"];
export type SiteStructureObject = Outputs["siteStructure"]["get"];

export type SiteVisibility = z.infer<typeof siteVisibilitySchema>;

/** What each visibility means, in the words the list, the create dialog and the settings use. */
export const VISIBILITIES: { value: SiteVisibility; label: string; description: string }[] = [
  { value: "public", label: "Public", description: "Anyone can read it, and search engines index it." },
  { value: "unlisted", label: "Unlisted", description: "Anyone with the address can read it; search engines do not index it." },
  { value: "share-link", label: "Share links", description: "Only people with one of the site's share links can read it." },
  { value: "visitor-auth", label: "Visitor authentication", description: "Only visitors your own sign-in sends with a signed token can read it." },
];

export const visibilityLabel = (visibility: string) => VISIBILITIES.find((entry) => entry.value === visibility)?.label ?? visibility;

export const sitesHref = (organizationId: string) => `/o/${organizationId}/sites`;

/** The site's pages, in the order of its tabs ("" is the structure editor). */
export const SITE_TABS = [
  { path: "", label: "Structure", needs: "view" },
  { path: "/customization", label: "Customization", needs: "view" },
  { path: "/access", label: "Access", needs: "admin" },
  { path: "/redirects", label: "Redirects", needs: "view" },
  { path: "/insights", label: "Insights", needs: "view" },
  { path: "/integrations", label: "Integrations", needs: "view" },
  { path: "/settings", label: "Settings", needs: "view" },
] as const;

export const siteHref = (organizationId: string, siteId: string, tab: (typeof SITE_TABS)[number]["path"] = "") => `${sitesHref(organizationId)}/${siteId}${tab}`;

export const siteSpacesLabel = (count: number) => (count === 1 ? "1 site space" : `${count} site spaces`);

/**
 * A form's errors: each field's own problem found before sending, else the service's answer when it
 * names that field; `formError` is an answer about no field in particular.
 */
export function formErrors<Field extends string>(local: Partial<Record<Field, string | undefined>>, error: unknown, fields: readonly Field[]) {
  const failure = error ? fieldFailure(error, fields) : null;
  return {
    errorOf: (field: Field) => local[field] ?? (failure?.field === field ? failure.text : undefined),
    formError: failure && failure.field === null ? failure.text : undefined,
  };
}
