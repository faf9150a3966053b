import {
  CustomizationAIMode,
  CustomizationBackground,
  CustomizationCodeTheme,
  CustomizationCorners,
  CustomizationDefaultFont,
  CustomizationDefaultMonospaceFont,
  CustomizationDefaultThemeMode,
  CustomizationDepth,
  CustomizationHeaderPreset,
  CustomizationIconsStyle,
  CustomizationLinksStyle,
  CustomizationLocale,
  CustomizationPageActionType,
  CustomizationSearchStyle,
  CustomizationSidebarBackgroundStyle,
  CustomizationSidebarListStyle,
  CustomizationTheme,
  SiteExternalLinksTarget,
  SiteSocialAccountPlatform,
  TranslationLanguage,
} from "@gitbook/api";
import { z } from "zod";
import { entityIdSchema } from "../../ids";
import { MAX_CONDITION_LENGTH } from "../conditions/types";
import { siteTitleSchema } from "../schemas";

/**
 * A site's customization as the reference describes it (SiteCustomizationSettingsInput, and the
 * partial override of a site space), validated field by field: every enum from the reference's
 * own lists, colors as `#rgb`/`#rrggbb`, URLs http(s) only, lengths and list sizes bounded. The
 * settings groups (styling, header, themes…) may be given in part: what is left out takes its
 * default on read (./settings.ts). One schema for /v1 and tRPC.
 */

export const MAX_HEADER_LINKS = 20;
export const MAX_LINKS_PER_ITEM = 20;
export const MAX_FOOTER_GROUPS = 10;

const optional = <T extends z.ZodType>(schema: T) => schema.optional();

/** One of the values of a reference enum, typed as its string literals (callers write "clean", not CustomizationTheme.Clean). */
function enumOf<E extends Record<string, string>>(values: E) {
  return z.enum(Object.values(values) as [`${E[keyof E]}`, ...`${E[keyof E]}`[]]);
}

export const colorSchema = z.string().regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, "must be a color as #rgb or #rrggbb");
export const themedColorSchema = z.strictObject({ light: colorSchema, dark: colorSchema });

/** An http(s) URL a visitor's browser loads or opens (logo, favicon, policy): never javascript: or data:. */
const urlSchema = z.url({ protocol: /^https?$/, error: "must be an http or https URL" }).max(2048);
export const themedUrlSchema = z.strictObject({ light: urlSchema, dark: urlSchema });

const localized = (max: number) => z.partialRecord(enumOf(TranslationLanguage), z.string().max(max));

const id = entityIdSchema;
/** The reference's ContentRef: where a header link, a footer link or the logo leads. */
export const contentRefSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("url"), url: z.url({ protocol: /^(https?|mailto)$/, error: "must be an http, https or mailto URL" }).max(2048) }),
  z.strictObject({ kind: z.literal("page"), page: id, space: id.optional() }),
  z.strictObject({ kind: z.literal("anchor"), anchor: z.string().min(1).max(200), page: id.optional(), space: id.optional() }),
  z.strictObject({ kind: z.literal("file"), file: id, space: id.optional() }),
  z.strictObject({ kind: z.literal("space"), space: id }),
  z.strictObject({ kind: z.literal("collection"), collection: id }),
  z.strictObject({ kind: z.literal("user"), user: id }),
  z.strictObject({ kind: z.literal("reusable-content"), reusableContent: id, space: id.optional() }),
  z.strictObject({ kind: z.literal("tag"), tag: z.string().min(1).max(100), space: id.optional() }),
  z.strictObject({ kind: z.literal("openapi"), spec: z.string().min(1).max(100) }),
]);

const contentLinkSchema = z.strictObject({ title: z.string().max(64), localizedTitle: optional(localized(64)), to: contentRefSchema });

const headerItemSchema = z.strictObject({
  title: z.string().max(128),
  localizedTitle: optional(localized(128)),
  style: optional(z.enum(["link", "button-primary", "button-secondary"])),
  to: contentRefSchema.nullable(),
  links: z.array(contentLinkSchema).max(MAX_LINKS_PER_ITEM),
  /** An adaptive-content condition: checked against the site's visitor schema by the service. */
  condition: optional(z.string().max(MAX_CONDITION_LENGTH)),
});

const footerGroupSchema = z.strictObject({
  title: z.string().max(128),
  localizedTitle: optional(localized(128)),
  links: z.array(contentLinkSchema).max(MAX_LINKS_PER_ITEM),
});

const announcementSchema = z.strictObject({
  enabled: z.boolean(),
  message: z.string().min(2).max(128),
  localizedMessage: optional(localized(128)),
  link: optional(contentLinkSchema),
  style: z.enum(["info", "warning", "danger", "success"]),
});

const faviconSchema = z.union([z.strictObject({ icon: themedUrlSchema }), z.strictObject({ emoji: z.string().min(1).max(50) }), z.strictObject({})]);

/** A font family name as CSS reads it: no quotes, semicolons or braces that could end the declaration. */
export const fontFamilySchema = z.string().min(1).max(50).regex(/^[\p{L}\p{N} _.-]+$/u, "must be a font family name (letters, digits, spaces, . _ -)");
const fontDefinitionSchema = z.strictObject({
  id: z.string().min(1).max(100),
  custom: z.boolean(),
  fontFamily: fontFamilySchema,
  fontFaces: z
    .array(
      z.strictObject({
        weight: z.number().int().min(1).max(1000),
        sources: z.array(z.strictObject({ url: urlSchema, format: optional(z.enum(["woff2", "woff"])) })).min(1).max(5),
      }),
    )
    .min(1)
    .max(20),
});
const fontSchema = z.union([enumOf(CustomizationDefaultFont), fontDefinitionSchema]);
const monospaceFontSchema = z.union([enumOf(CustomizationDefaultMonospaceFont), fontDefinitionSchema]);
const themedCodeThemeSchema = z.strictObject({ light: enumOf(CustomizationCodeTheme), dark: enumOf(CustomizationCodeTheme) });

/** The leaves of the settings, shared by the site's settings and a site space's override. */
const leaves = {
  theme: enumOf(CustomizationTheme),
  color: themedColorSchema,
  tint: z.strictObject({ color: themedColorSchema }),
  corners: enumOf(CustomizationCorners),
  depth: enumOf(CustomizationDepth),
  links: enumOf(CustomizationLinksStyle),
  icons: enumOf(CustomizationIconsStyle),
  background: enumOf(CustomizationBackground),
  search: enumOf(CustomizationSearchStyle),
  sidebarBackground: enumOf(CustomizationSidebarBackgroundStyle),
  sidebarList: enumOf(CustomizationSidebarListStyle),
  codeTheme: themedCodeThemeSchema,
  locale: enumOf(CustomizationLocale),
  favicon: faviconSchema,
  announcement: announcementSchema,
  preset: enumOf(CustomizationHeaderPreset),
  logo: themedUrlSchema,
  headerLinks: z.array(headerItemSchema).max(MAX_HEADER_LINKS),
  footerGroups: z.array(footerGroupSchema).max(MAX_FOOTER_GROUPS),
  copyright: z.string().max(512),
  themeMode: enumOf(CustomizationDefaultThemeMode),
  externalLinksTarget: enumOf(SiteExternalLinksTarget),
  url: urlSchema,
};

/** PUT customization (SiteCustomizationSettingsInput). `updatedAt` of a settings object read back is ignored. */
export const siteCustomizationInput = z.strictObject({
  title: optional(siteTitleSchema),
  localizedTitle: optional(localized(128)),
  styling: optional(
    z.strictObject({
      theme: optional(leaves.theme),
      primaryColor: optional(leaves.color),
      tint: optional(leaves.tint),
      infoColor: optional(leaves.color),
      successColor: optional(leaves.color),
      warningColor: optional(leaves.color),
      dangerColor: optional(leaves.color),
      corners: optional(leaves.corners),
      depth: optional(leaves.depth),
      links: optional(leaves.links),
      font: optional(fontSchema),
      headingFont: optional(fontSchema.nullable()),
      monospaceFont: optional(monospaceFontSchema),
      background: optional(leaves.background),
      icons: optional(leaves.icons),
      codeTheme: optional(z.strictObject({ default: optional(leaves.codeTheme), openapi: optional(leaves.codeTheme) })),
      sidebar: optional(z.strictObject({ background: optional(leaves.sidebarBackground), list: optional(leaves.sidebarList) })),
      search: optional(leaves.search),
    }),
  ),
  internationalization: optional(z.strictObject({ locale: optional(leaves.locale) })),
  favicon: optional(leaves.favicon),
  header: optional(
    z.strictObject({
      preset: optional(leaves.preset),
      logo: optional(leaves.logo),
      primaryLink: optional(contentRefSchema),
      backgroundColor: optional(leaves.color),
      linkColor: optional(leaves.color),
      links: optional(leaves.headerLinks),
    }),
  ),
  footer: optional(z.strictObject({ logo: optional(leaves.logo), groups: optional(leaves.footerGroups), copyright: optional(leaves.copyright) })),
  announcement: optional(leaves.announcement),
  themes: optional(z.strictObject({ default: optional(leaves.themeMode), toggeable: optional(z.boolean()) })),
  feedback: optional(z.strictObject({ enabled: optional(z.boolean()) })),
  ai: optional(
    z.strictObject({
      mode: optional(enumOf(CustomizationAIMode)),
      greeting: optional(z.string().max(256)),
      localizedGreeting: optional(localized(128)),
      suggestions: optional(z.array(z.string().min(3).max(64)).max(5)),
      instructions: optional(z.string().max(10_000)),
    }),
  ),
  advancedCustomization: optional(z.strictObject({ enabled: optional(z.boolean()) })),
  pageActions: optional(
    z.strictObject({
      items: optional(z.array(enumOf(CustomizationPageActionType)).max(6).refine((items) => new Set(items).size === items.length, "lists each action once")),
    }),
  ),
  externalLinks: optional(z.strictObject({ target: optional(leaves.externalLinksTarget) })),
  pagination: optional(z.strictObject({ enabled: optional(z.boolean()) })),
  trademark: optional(z.strictObject({ enabled: optional(z.boolean()) })),
  privacyPolicy: optional(z.strictObject({ url: optional(leaves.url) })),
  socialPreview: optional(z.strictObject({ url: optional(leaves.url) })),
  /** Quire's, from spec 2.7 (the reference dropped it): readers may download pages and sections as PDF. */
  pdf: optional(z.strictObject({ enabled: optional(z.boolean()) })),
  socialAccounts: optional(
    z
      .array(
        z.strictObject({
          platform: enumOf(SiteSocialAccountPlatform),
          handle: z.string().min(1).max(128),
          display: z.strictObject({ footer: z.boolean(), header: z.boolean() }),
        }),
      )
      .max(10),
  ),
  insights: optional(z.strictObject({ trackingCookie: optional(z.boolean()) })),
  updatedAt: optional(z.string().max(64)),
});
export type SiteCustomizationInput = z.infer<typeof siteCustomizationInput>;

/** An override field: null removes the override (the site's value shows again). */
const reset = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

/** PATCH a site space's customization: the reference's override body, each field nullable to reset it. */
export const siteSpaceCustomizationOverride = z.strictObject({
  title: reset(siteTitleSchema),
  localizedTitle: reset(localized(128)),
  styling: optional(
    z.strictObject({
      theme: reset(leaves.theme),
      primaryColor: reset(leaves.color),
      infoColor: reset(leaves.color),
      successColor: reset(leaves.color),
      warningColor: reset(leaves.color),
      dangerColor: reset(leaves.color),
      tint: reset(leaves.tint),
      corners: reset(leaves.corners),
      depth: reset(leaves.depth),
      links: reset(leaves.links),
      icons: reset(leaves.icons),
      sidebar: optional(z.strictObject({ background: reset(leaves.sidebarBackground), list: reset(leaves.sidebarList) })),
      search: reset(leaves.search),
      background: reset(leaves.background),
      codeTheme: optional(z.strictObject({ default: reset(leaves.codeTheme), openapi: reset(leaves.codeTheme) })),
    }),
  ),
  internationalization: optional(z.strictObject({ locale: reset(leaves.locale) })),
  favicon: reset(leaves.favicon),
  announcement: reset(leaves.announcement),
  header: optional(
    z.strictObject({
      preset: reset(leaves.preset),
      logo: reset(leaves.logo),
      primaryLink: reset(contentRefSchema),
      backgroundColor: reset(leaves.color),
      linkColor: reset(leaves.color),
      links: reset(leaves.headerLinks),
    }),
  ),
  footer: optional(z.strictObject({ logo: reset(leaves.logo), groups: reset(leaves.footerGroups), copyright: reset(leaves.copyright) })),
  themes: optional(z.strictObject({ default: reset(leaves.themeMode), toggeable: reset(z.boolean()) })),
  feedback: optional(z.strictObject({ enabled: reset(z.boolean()) })),
  externalLinks: optional(z.strictObject({ target: reset(leaves.externalLinksTarget) })),
  pagination: optional(z.strictObject({ enabled: reset(z.boolean()) })),
  trademark: optional(z.strictObject({ enabled: reset(z.boolean()) })),
  privacyPolicy: optional(z.strictObject({ url: reset(leaves.url) })),
  socialPreview: optional(z.strictObject({ url: reset(leaves.url) })),
  pdf: optional(z.strictObject({ enabled: reset(z.boolean()) })),
});
export type SiteSpaceCustomizationOverride = z.infer<typeof siteSpaceCustomizationOverride>;
