import { z } from "zod";
import { entityIdSchema } from "../../ids";
import { listParams } from "../../pagination";
import { httpUrlSchema } from "../../validation/http-url";

/**
 * What publishing an integration accepts: the reference's `PublishIntegration`, every field bounded,
 * plus Quire's `endpoint` (where its events are delivered). A publish replaces the whole definition:
 * a field left out goes back to its default.
 */

export const INTEGRATION_NAME_PATTERN = /^[a-zA-Z0-9_.-]+$/;
export const integrationNameSchema = z.string().min(1).max(100).regex(INTEGRATION_NAME_PATTERN, "must be letters, digits, `-`, `_` or `.`");
export const integrationPath = z.object({ integrationName: integrationNameSchema });
export const organizationIntegrationsPath = z.object({ organizationId: entityIdSchema });

export const INTEGRATION_SCOPES = [
  "space:content:read",
  "space:content:write",
  "space:metadata:read",
  "space:metadata:write",
  "space:git:sync",
  "page:feedback:read",
  "site:metadata:read",
  "site:views:read",
  "site:script:inject",
  "site:script:cookies",
  "site:visitor:auth",
  "site:visitor:claims",
  "site:adaptive:read",
  "site:adaptive:write",
  "conversations:ingest",
  "openapi:read",
  "openapi:write",
] as const;
export const INTEGRATION_CATEGORIES = ["analytics", "collaboration", "content", "marketing", "visitor-auth", "other"] as const;
export const INTEGRATION_TARGETS = ["all", "site", "space", "organization"] as const;
export const INTEGRATION_VISIBILITIES = ["public", "private", "unlisted"] as const;

/** Sizes of the images given in base64: decoded bytes. */
export const MAX_ICON_BYTES = 256 * 1024;
export const MAX_PREVIEW_BYTES = 1024 * 1024;
/** The script is stored for the integration's own tooling and never run by Quire (issue 13). */
export const MAX_SCRIPT_CHARS = 1024 * 1024;

/** Characters of base64 that decode to `bytes` at most. */
const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;
const base64Image = (maxBytes: number) =>
  z
    .string()
    .max(base64Length(maxBytes), `must be at most ${maxBytes / 1024} KB once decoded`)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, "must be base64 (the image file's bytes)");

/** A URL shown to people (icons, links): http(s) only, so no `javascript:` link is ever stored. */
const linkUrl = httpUrlSchema;

/**
 * A URL Quire posts events to: http(s), without credentials in it (a secret in a URL ends up in
 * logs and answers; the signature authenticates deliveries). Its address is checked when delivering.
 */
export const dispatchUrlSchema = httpUrlSchema.refine((value) => {
  // Refinements run even after the URL check failed: a value that is no URL has been refused already.
  const url = URL.canParse(value) ? new URL(value) : null;
  return url === null || (url.username === "" && url.password === "");
}, "must not carry a user name or password");

const propertyTitle = z.string().min(2).max(50);
const propertyBase = { title: propertyTitle.optional(), description: z.string().max(100).optional() };
const configurationProperty = z.discriminatedUnion("type", [
  z.strictObject({
    ...propertyBase,
    type: z.literal("string"),
    default: z.string().max(2048).optional(),
    completion_url: linkUrl.optional(),
    enum: z.array(z.string().max(200)).min(1).max(100).optional(),
  }),
  z.strictObject({ ...propertyBase, type: z.literal("number"), default: z.number().optional() }),
  z.strictObject({ ...propertyBase, type: z.literal("boolean"), default: z.boolean().optional() }),
  z.strictObject({ ...propertyBase, type: z.literal("button"), callback_url: linkUrl, button_text: z.string().min(1).max(50) }),
]);

const propertyName = z.string().min(1).max(100).regex(/^[A-Za-z0-9_.-]+$/, "property names are letters, digits, `-`, `_` or `.`");

const componentId = z.string().min(1).max(100);

/**
 * A configuration (the reference's `IntegrationConfiguration`): a schema of the properties an
 * installation's configuration has (`IntegrationConfigurationSchema`), or a ContentKit component the
 * integration renders (`{ componentId }`). One object checked by hand rather than a union of two,
 * so that a refusal names the property at fault rather than the whole configuration.
 */
const configurationDefinition = z
  .strictObject({
    properties: z
      .record(propertyName, configurationProperty)
      .refine((properties) => Object.keys(properties).length <= 50, "at most 50 properties")
      .optional(),
    required: z.array(propertyName).max(50).optional(),
    componentId: componentId.optional(),
  })
  .superRefine((configuration, context) => {
    if (configuration.componentId !== undefined) {
      if (configuration.properties !== undefined || configuration.required !== undefined) {
        context.addIssue({ code: "custom", path: ["componentId"], message: "a configuration is a schema (`properties`) or a component (`componentId`), not both" });
      }
      return;
    }
    if (configuration.properties === undefined) {
      context.addIssue({ code: "custom", path: ["properties"], message: "give the configuration's `properties` (or a `componentId`)" });
      return;
    }
    const names = new Set(Object.keys(configuration.properties));
    const seen = new Set<string>();
    for (const [index, name] of (configuration.required ?? []).entries()) {
      if (!names.has(name)) context.addIssue({ code: "custom", path: ["required", index], message: `names no property (${name})` });
      if (seen.has(name)) context.addIssue({ code: "custom", path: ["required", index], message: `${name} is listed twice` });
      seen.add(name);
    }
    for (const [name, property] of Object.entries(configuration.properties)) {
      if (property.type === "string" && property.enum && property.default !== undefined && !property.enum.includes(property.default)) {
        context.addIssue({ code: "custom", path: ["properties", name, "default"], message: "must be one of the property's `enum` values" });
      }
    }
  });

export const configurationsSchema = z.strictObject({
  account: configurationDefinition.optional(),
  space: configurationDefinition.optional(),
  site: configurationDefinition.optional(),
});

const itemId = z.string().min(1).max(100).regex(/^[A-Za-z0-9_.-]+$/, "must be letters, digits, `-`, `_` or `.`");

const blockSchema = z.strictObject({
  id: itemId,
  title: z.string().min(2).max(40),
  description: z.string().max(150).optional(),
  icon: linkUrl.optional(),
  urlUnfurl: z.array(z.string().min(1).max(500)).max(20).optional(),
  markdown: z.strictObject({ codeblock: z.string().min(1).max(100), body: z.string().min(1).max(100) }).optional(),
});

const contentSourceSchema = z.strictObject({
  id: itemId,
  title: z.string().min(2).max(40),
  description: z.string().max(150).optional(),
  icon: linkUrl.optional(),
  configuration: z.strictObject({ componentId }),
});

/** Ids are how blocks and content sources are referred to: each once. */
const uniqueIds = <T extends { id: string }>(items: T[], context: z.RefinementCtx) => {
  const seen = new Set<string>();
  for (const [index, item] of items.entries()) {
    if (seen.has(item.id)) context.addIssue({ code: "custom", path: [index, "id"], message: `${item.id} is used twice` });
    seen.add(item.id);
  }
};

const CSP_DIRECTIVES = [
  "base-uri",
  "block-all-mixed-content",
  "child-src",
  "connect-src",
  "default-src",
  "font-src",
  "form-action",
  "frame-ancestors",
  "frame-src",
  "img-src",
  "manifest-src",
  "media-src",
  "navigate-to",
  "object-src",
  "plugin-types",
  "prefetch-src",
  "referrer",
  "report-to",
  "report-uri",
  "require-sri-for",
  "require-trusted-types-for",
  "sandbox",
  "script-src",
  "script-src-attr",
  "script-src-elem",
  "style-src",
  "style-src-attr",
  "style-src-elem",
  "trusted-types",
  "upgrade-insecure-requests",
  "worker-src",
] as const;

/** CSP text is sent as a header: no line breaks in it. */
const headerText = (max: number) => z.string().max(max).regex(/^[^\r\n\u0000]*$/, "must be on one line");

const contentSecurityPolicySchema = z.union([
  headerText(4096),
  z.strictObject(Object.fromEntries(CSP_DIRECTIVES.map((directive) => [directive, headerText(2048).optional()])) as Record<(typeof CSP_DIRECTIVES)[number], z.ZodOptional<z.ZodString>>),
]);

const secretName = z.string().min(1).max(100).regex(/^[A-Za-z0-9_.-]+$/, "secret names are letters, digits, `-`, `_` or `.`");
const secretsSchema = z.record(secretName, z.string().max(4096)).refine((secrets) => Object.keys(secrets).length <= 20, "at most 20 secrets");

export const publishIntegrationInput = z.strictObject({
  runtime: z.enum(["v1", "v2"]).default("v1"),
  icon: base64Image(MAX_ICON_BYTES).optional(),
  title: z.string().trim().min(2).max(30),
  description: z.string().max(100),
  summary: z.string().max(2048).optional(),
  previewImages: z.array(base64Image(MAX_PREVIEW_BYTES)).max(3).optional(),
  visibility: z.enum(INTEGRATION_VISIBILITIES).default("private"),
  target: z.enum(INTEGRATION_TARGETS).default("all"),
  scopes: z.array(z.enum(INTEGRATION_SCOPES)).max(INTEGRATION_SCOPES.length * 2),
  categories: z.array(z.enum(INTEGRATION_CATEGORIES)).max(INTEGRATION_CATEGORIES.length * 2).optional(),
  blocks: z.array(blockSchema).max(50).superRefine(uniqueIds).optional(),
  contentSources: z.array(contentSourceSchema).max(20).superRefine(uniqueIds).optional(),
  externalLinks: z.array(z.strictObject({ url: linkUrl, label: z.string().min(1).max(100) })).max(5).optional(),
  configurations: configurationsSchema.optional(),
  script: z.string().max(MAX_SCRIPT_CHARS, `must be at most ${MAX_SCRIPT_CHARS} characters`),
  organization: z.string().min(1).max(100),
  secrets: secretsSchema.optional(),
  contentSecurityPolicy: contentSecurityPolicySchema.optional(),
  /** Quire: where the integration receives its events while development mode is off. */
  endpoint: dispatchUrlSchema.optional(),
});
export type PublishIntegrationInput = z.infer<typeof publishIntegrationInput>;

export const developmentModeInput = z.strictObject({
  tunnelUrl: dispatchUrlSchema.pipe(z.string().max(256)),
  all: z.boolean().default(false),
});
export type DevelopmentModeInput = z.infer<typeof developmentModeInput>;

const queryBoolean = z.enum(["true", "false"]).transform((value) => value === "true");

/** The reference's integration filters, by the names of its query parameters. */
export const listIntegrationsQuery = listParams.extend({
  search: z.string().max(200).optional(),
  category: z.enum(INTEGRATION_CATEGORIES).optional(),
  blockDomain: z.string().max(100).regex(INTEGRATION_NAME_PATTERN, "must be letters, digits, `-`, `_` or `.`").optional(),
  blocks: queryBoolean.optional(),
  contentSources: queryBoolean.optional(),
  owner: z.string().min(1).max(64).optional(),
  scope: z.enum(INTEGRATION_SCOPES).optional(),
  target: z.enum(INTEGRATION_TARGETS).optional(),
});
export type ListIntegrationsQuery = z.infer<typeof listIntegrationsQuery>;
