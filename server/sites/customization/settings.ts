/**
 * How stored customization becomes the settings the API answers: the site's settings (only what was
 * set is stored) over the defaults, and a site space's override over the site's. Settings groups
 * (styling, header, themes…) merge key by key; any other value (a color, the favicon, the header's
 * links, the announcement) is replaced whole, as the reference's override describes.
 */

export type Settings = Record<string, unknown>;

/** What a site looks like before anything is customized (the reference's example values). */
export const DEFAULT_CUSTOMIZATION: Settings = {
  styling: {
    theme: "clean",
    primaryColor: { light: "#346DDB", dark: "#346DDB" },
    infoColor: { light: "#787878", dark: "#787878" },
    successColor: { light: "#00C950", dark: "#00C950" },
    warningColor: { light: "#FE9A00", dark: "#FE9A00" },
    dangerColor: { light: "#FB2C36", dark: "#FB2C36" },
    corners: "straight",
    depth: "subtle",
    links: "default",
    font: "Inter",
    monospaceFont: "IBMPlexMono",
    codeTheme: {
      default: { light: "default-light", dark: "default-dark" },
      openapi: { light: "default-light", dark: "default-dark" },
    },
    background: "plain",
    icons: "regular",
    sidebar: { background: "default", list: "default" },
    search: "prominent",
  },
  internationalization: { locale: "en" },
  favicon: {},
  header: { preset: "default", links: [] },
  footer: { groups: [] },
  themes: { default: "light", toggeable: true },
  feedback: { enabled: false },
  pdf: { enabled: false },
  ai: { mode: "none" },
  advancedCustomization: { enabled: true },
  trademark: { enabled: true },
  externalLinks: { target: "self" },
  pagination: { enabled: true },
  pageActions: { items: ["markdown", "external-ai"] },
  privacyPolicy: {},
  socialPreview: {},
  socialAccounts: [],
  insights: { trackingCookie: true },
};

/** The settings groups, merged key by key; every other value is replaced whole. */
const GROUPS = new Set([
  "styling",
  "styling.sidebar",
  "styling.codeTheme",
  "internationalization",
  "header",
  "footer",
  "themes",
  "feedback",
  "pdf",
  "ai",
  "advancedCustomization",
  "pageActions",
  "externalLinks",
  "pagination",
  "trademark",
  "privacyPolicy",
  "socialPreview",
  "insights",
]);

const isObject = (value: unknown): value is Settings => typeof value === "object" && value !== null && !Array.isArray(value);
const childPath = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** `top` over `base`: what `top` sets wins, groups merge key by key. */
export function mergeSettings(base: Settings, top: Settings, path = ""): Settings {
  const merged: Settings = { ...base };
  for (const [key, value] of Object.entries(top)) {
    if (value === undefined) continue;
    const at = childPath(path, key);
    merged[key] = GROUPS.has(at) && isObject(value) && isObject(base[key]) ? mergeSettings(base[key], value, at) : value;
  }
  return merged;
}

/** A PATCH of an override: values set it, null removes it; groups left empty disappear. */
export function applyOverridePatch(stored: Settings, patch: Settings, path = ""): Settings {
  const next: Settings = { ...stored };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const at = childPath(path, key);
    if (value === null) delete next[key];
    else if (GROUPS.has(at) && isObject(value)) {
      const group = applyOverridePatch(isObject(next[key]) ? next[key] : {}, value, at);
      if (Object.keys(group).length === 0) delete next[key];
      else next[key] = group;
    } else next[key] = value;
  }
  return next;
}

/** The stored settings without their `updatedAt` bookkeeping. */
export function storedSettings(stored: unknown): { settings: Settings; updatedAt: string | null } {
  if (!isObject(stored)) return { settings: {}, updatedAt: null };
  const { updatedAt, ...settings } = stored;
  return { settings, updatedAt: typeof updatedAt === "string" ? updatedAt : null };
}

const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/** A site's settings as answered: its stored settings over the defaults (SiteCustomizationSettings). */
export function siteSettings(site: { customization: unknown }): Settings {
  const { settings, updatedAt } = storedSettings(site.customization);
  return { ...mergeSettings(DEFAULT_CUSTOMIZATION, settings), ...(updatedAt ? { updatedAt } : {}) };
}

/** A site space's settings as answered: its override over the site's settings, and whether it has one. */
export function siteSpaceSettings(site: { customization: unknown }, siteSpace: { customization: unknown }): Settings & { hasOverrides: boolean } {
  const base = siteSettings(site);
  const override = storedSettings(siteSpace.customization);
  const updatedAt = later((base.updatedAt as string | undefined) ?? null, override.updatedAt);
  return {
    ...mergeSettings(base, override.settings),
    ...(updatedAt ? { updatedAt } : {}),
    hasOverrides: Object.keys(override.settings).length > 0,
  };
}

/** What visitors get: the AI assistant's instructions are for site admins only (the reference never publishes them). */
function forVisitors(settings: Settings): Settings {
  const { hasOverrides: _hasOverrides, ...rest } = settings;
  if (!isObject(rest.ai) || !("instructions" in rest.ai)) return rest;
  const { instructions: _instructions, ...ai } = rest.ai;
  return { ...rest, ai };
}

/**
 * The published site's customizations (PublishedContentSite.customizations): the site's settings,
 * and each given site space's merged settings by its id, as visitors get them.
 */
export function mergedCustomizations(site: { customization: unknown }, siteSpaces: { id: string; customization: unknown }[]) {
  return {
    site: forVisitors(siteSettings(site)),
    siteSpaces: Object.fromEntries(siteSpaces.map((siteSpace) => [siteSpace.id, forVisitors(siteSpaceSettings(site, siteSpace))])),
  };
}
