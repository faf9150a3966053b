import type { SiteScripts } from "../../integrations/builtin/site-scripts";
import type { PageCover, PageLayout } from "../../content/page-display";
import type { Site } from "../../db/generated/client";
import type { AdaptiveSchema, ConditionNode } from "../conditions";
import type { Settings } from "../customization/settings";

/**
 * The published site as its readers' requests see it. `SiteModel` is everything served, loaded
 * once per content version and kept by each app server (server/sites/serve/model.ts);
 * `visibleSite(model, visitor)` narrows it to what one visitor may see, and every output — pages,
 * search, sitemaps, markdown, llms.txt, PDFs — reads only that narrowed view, so a condition or a
 * visibility rule is applied in one place.
 */

/** A page of a published space, without its body (read on demand from the revision store). */
export type ModelPage = {
  id: string;
  title: string;
  slug: string;
  /** Slugs from the space's root joined by `/`; "" for the space's home page (served at the site space's URL). */
  path: string;
  parentId: string | null;
  depth: number;
  description: string;
  emoji?: string;
  icon?: string;
  /** Left out of navigation (still readable by its URL). */
  hidden: boolean;
  /** Left out of search. */
  noIndex: boolean;
  /** `noindex` for robots and left out of sitemaps. */
  noRobotsIndex: boolean;
  layout?: PageLayout;
  cover?: PageCover;
  /** The parsed adaptive-content condition; null when always shown. */
  condition: ConditionNode | null;
  updatedAt: string;
};

export type ModelSiteSpace = {
  id: string;
  title: string;
  /** "" for the default site space of its section (or of the site). */
  path: string;
  isDefault: boolean;
  condition: ConditionNode | null;
  spaceId: string;
  /** The space's language (ISO code) for hreflang, or null. */
  language: string | null;
  /** The space's main revision the pages come from. */
  revisionId: string;
  /** Site customization merged with this variant's overrides. */
  customization: Settings;
  /** Pages in reading order (pre-order by sort key), hidden ones included. */
  pages: ModelPage[];
};

export type ModelSection = {
  id: string;
  title: string;
  description: string | null;
  icon: string | null;
  /** "" for the default section. */
  path: string;
  isDefault: boolean;
  condition: ConditionNode | null;
  sectionGroupId: string | null;
  siteSpaces: ModelSiteSpace[];
};

export type ModelSectionGroup = { id: string; title: string; icon: string | null; sectionIds: string[] };

export type SiteModel = {
  site: Site;
  /** Changes whenever anything served changes: part of every cache key. */
  version: string;
  /** The site's own customization, defaults applied. */
  customization: Settings;
  adaptiveSchema: AdaptiveSchema | null;
  /** Top-level order: sections outside groups and groups, by position. */
  topLevel: ({ type: "section"; section: ModelSection } | { type: "group"; group: ModelSectionGroup; sections: ModelSection[] })[];
  /** All sections in order (empty for a site of root-level site spaces). */
  sections: ModelSection[];
  /** Root-level site spaces of a site without sections (empty otherwise). */
  rootSiteSpaces: ModelSiteSpace[];
  /** The Custom script integration's snippets on this site, and the CSP sources allowing them; null without any. */
  scripts: SiteScripts | null;
};

/** Where a served request's site lives: the URL prefix its paths hang from (no trailing slash, "" at a host's root). */
export type SiteAddress = { siteId: string; origin: string; basePath: string };

/** Who is reading: how they got in, their claims, and the cache segment those claims fall into. */
export type Visitor = {
  via: "public" | "share-link" | "visitor-auth";
  /** `visitor.claims` as conditions read them: signed claims at the top, unsigned under `unsigned`. */
  claims: Record<string, unknown>;
  /** Equal for visitors who see exactly the same content (e.g. "public", or a hash of the claims conditions read). */
  segment: string;
};

/** What one visitor may see of a site: the model with every false condition's section, site space and page removed. */
export type VisibleSite = SiteModel & { visitor: Visitor };
