import { newId } from "../../server/ids";
import type { ModelSection, ModelSiteSpace, VisibleSite } from "../../server/sites/serve/types";
import { createOrganization, createSite } from "../helpers/factories";

/** Hand-built views of a published site (server/sites/serve/types.ts) for tests of what reads them. */

export function modelSiteSpace(title: string, path: string, pages: ModelSiteSpace["pages"], extra: Partial<ModelSiteSpace> = {}): ModelSiteSpace {
  return { id: newId(), title, path, isDefault: path === "", condition: null, spaceId: newId(), language: null, revisionId: newId(), customization: {}, pages, ...extra };
}

export function modelSection(title: string, path: string, siteSpaces: ModelSiteSpace[]): ModelSection {
  return { id: newId(), title, description: null, icon: null, path, isDefault: path === "", condition: null, sectionGroupId: null, siteSpaces };
}

/** A published site row of a new organization, seen by a public visitor as `sections` (or root-level site spaces). */
export async function visibleSiteOf(sections: ModelSection[], overrides: { visibility?: string; title?: string; rootSiteSpaces?: ModelSiteSpace[] } = {}): Promise<VisibleSite> {
  const organization = await createOrganization();
  const site = await createSite(organization.id, { published: true, title: overrides.title ?? "Acme Docs", visibility: overrides.visibility ?? "public" });
  return {
    site,
    version: "v1",
    customization: {},
    adaptiveSchema: null,
    scripts: null,
    topLevel: sections.map((section) => ({ type: "section" as const, section })),
    sections,
    rootSiteSpaces: overrides.rootSiteSpaces ?? [],
    visitor: { via: "public", claims: {}, segment: "public" },
  };
}
