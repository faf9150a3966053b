import { evaluateCondition, type ConditionNode } from "../conditions";
import type { ModelPage, ModelSection, ModelSiteSpace, SiteModel, VisibleSite, Visitor } from "./types";

/**
 * What one visitor may see of a site: the model with every section, site space and page whose
 * condition is false for them removed (a page takes its descendants with it). A section left with
 * no site space goes too. When the default section or site space is gone, the first one left
 * takes its place (keeping its own path: the site's root then redirects there). Memoized per
 * model and segment, so visitors of one segment share one narrowed view.
 */

const MAX_SEGMENTS_PER_MODEL = 256;
const memo = new WeakMap<SiteModel, Map<string, VisibleSite>>();

const shown = (condition: ConditionNode | null, claims: Record<string, unknown>) => condition === null || evaluateCondition(condition, claims);

function visiblePages(pages: ModelPage[], claims: Record<string, unknown>): ModelPage[] {
  if (!pages.some((page) => page.condition !== null)) return pages;
  const removed = new Set<string>();
  // Reading order puts every page after its parent: one pass removes whole subtrees.
  return pages.filter((page) => {
    if ((page.parentId !== null && removed.has(page.parentId)) || !shown(page.condition, claims)) {
      removed.add(page.id);
      return false;
    }
    return true;
  });
}

function visibleSiteSpaces(siteSpaces: ModelSiteSpace[], claims: Record<string, unknown>): ModelSiteSpace[] {
  const kept = siteSpaces.flatMap((siteSpace) => {
    if (!shown(siteSpace.condition, claims)) return [];
    const pages = visiblePages(siteSpace.pages, claims);
    return [pages === siteSpace.pages ? siteSpace : { ...siteSpace, pages }];
  });
  if (kept.length > 0 && !kept.some((siteSpace) => siteSpace.isDefault)) kept[0] = { ...kept[0]!, isDefault: true };
  return kept;
}

function narrow(model: SiteModel, visitor: Visitor): VisibleSite {
  const { claims } = visitor;
  const sectionById = new Map<string, ModelSection>();
  for (const section of model.sections) {
    if (!shown(section.condition, claims)) continue;
    const siteSpaces = visibleSiteSpaces(section.siteSpaces, claims);
    if (siteSpaces.length > 0) sectionById.set(section.id, { ...section, siteSpaces });
  }
  const topLevel = model.topLevel.flatMap((item): SiteModel["topLevel"] => {
    if (item.type === "section") {
      const section = sectionById.get(item.section.id);
      return section ? [{ type: "section", section }] : [];
    }
    const sections = item.sections.flatMap((section) => sectionById.get(section.id) ?? []);
    return sections.length > 0 ? [{ type: "group", group: { ...item.group, sectionIds: sections.map((section) => section.id) }, sections }] : [];
  });
  let sections = topLevel.flatMap((item) => (item.type === "section" ? [item.section] : item.sections));
  if (sections.length > 0 && !sections.some((section) => section.isDefault)) {
    const fallback = { ...sections[0]!, isDefault: true };
    const replace = (section: ModelSection) => (section.id === fallback.id ? fallback : section);
    sections = sections.map(replace);
    for (const item of topLevel) {
      if (item.type === "section") item.section = replace(item.section);
      else item.sections = item.sections.map(replace);
    }
  }
  return { ...model, topLevel, sections, rootSiteSpaces: visibleSiteSpaces(model.rootSiteSpaces, claims), visitor };
}

export function visibleSite(model: SiteModel, visitor: Visitor): VisibleSite {
  let bySegment = memo.get(model);
  if (!bySegment) memo.set(model, (bySegment = new Map()));
  const known = bySegment.get(visitor.segment);
  // The claims themselves travel with the view (outputs may show them), so only an identical visitor reuses it.
  if (known && known.visitor === visitor) return known;
  const visible = known ? { ...known, visitor } : narrow(model, visitor);
  if (!known) {
    if (bySegment.size >= MAX_SEGMENTS_PER_MODEL) bySegment.delete(bySegment.keys().next().value!);
    bySegment.set(visitor.segment, visible);
  }
  return visible;
}
