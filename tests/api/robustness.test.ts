import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { z } from "zod";
import type { Operation } from "../../server/api/operation";
import { v1Operations } from "../../server/api/v1";
import { BODY_LIMITS } from "../../server/http/read-body";
import { newId } from "../../server/ids";
import { addMember, createFontUpload, createTenant } from "../helpers/factories";
import { createIdpKeys } from "../helpers/saml-idp";
import { isSkipped } from "../helpers/skipped-operations";
import { apiClient, startApiServer, type ApiResponse } from "../helpers/server";

/**
 * Hostile input against EVERY registered /v1 operation: bad input is a 4xx naming the field,
 * never a 500; every error is the envelope; another tenant's ids answer exactly like ids that
 * do not exist; 2xx only where the input is legitimately valid. Cases come from a table and the
 * operations' own schemas, so a new operation or field is covered without editing this file.
 */

let server: Awaited<ReturnType<typeof startApiServer>>;
/** A SAML identity provider's certificate, for the bodies that need a valid one. */
let idpCertificate: string;
beforeAll(async () => {
  server = await startApiServer();
  idpCertificate = (await createIdpKeys()).certificate;
});
afterAll(() => server.close());

/** A value for every path parameter of the registry: a new one fails the walk until it is added here. */
type Ids = {
  organizationId: string;
  collectionId: string;
  spaceId: string;
  changeRequestId: string;
  revisionId: string;
  pageId: string;
  fileId: string;
  emailDomain: string;
  auditEventId: string;
  teamId: string;
  samlProviderId: string;
  userId: string;
  inviteId: string;
  subdomain: string;
  reviewId: string;
  commentId: string;
  commentReplyId: string;
  conversationId: string;
  siteId: string;
  shareLinkId: string;
  siteRedirectId: string;
  /** The site's section (in a group) holding a site space. */
  siteSectionId: string;
  siteSectionGroupId: string;
  siteSpaceId: string;
  fontId: string;
  /** A font file the organization uploaded: what a new font's face names (not a path parameter). */
  fontStorageKey: string;
  webhookId: string;
  /** The delivery of a test send to the webhook. */
  deliveryId: string;
  /** A private integration the organization published. */
  integrationName: string;
  /** Its installation on the organization, on the space and on the site. */
  installationId: string;
  /** An entry of that integration's event log. */
  eventId: string;
};
type World = { token: string; strangerToken: string; own: Ids; stranger: Ids };

/** What a case sends; path params override the world's valid ids and are already URL-encoded. */
type Call = { params?: Record<string, string>; query?: string; body?: string; contentType?: string; token?: string | null };
/** `accepted`: legitimately valid (or ignored) input, any answer below 500. `sameAs`: must answer like that other call. */
type Outcome = "accepted" | { status: number; field?: string } | { sameAs: (world: World) => Call };
type Case = { name: string; call: (world: World) => Call; outcome: Outcome };

/** A tenant with a collection, a space in it, an email domain, a member and a team, and the same next door. */
async function createWorld(): Promise<World> {
  const tenant = await createTenant();
  return {
    token: tenant.admin.token,
    strangerToken: tenant.stranger.token,
    own: await populate(tenant.admin.token, tenant.organization.id, (await tenant.member("edit")).user.id),
    stranger: await populate(tenant.stranger.token, tenant.otherOrganization.id, (await addMember(tenant.otherOrganization.id, "edit")).user.id),
  };
}

async function populate(token: string, organizationId: string, memberId: string): Promise<Ids> {
  const api = apiClient(server.url, token);
  const emailDomain = `${newId().toLowerCase()}.test`;
  expect((await api.patch(`/v1/orgs/${organizationId}`, { emailDomains: [emailDomain] })).status).toBe(200);
  const collection = await api.post(`/v1/orgs/${organizationId}/collections`, { title: "Robust" });
  const space = await api.post(`/v1/orgs/${organizationId}/spaces`, { title: "Robust", parent: collection.body.id });
  const changeRequest = await api.post(`/v1/spaces/${space.body.id}/change-requests`, { subject: "Robust" });
  const pages = await api.get(`/v1/spaces/${space.body.id}/content/pages`);
  const team = await api.put(`/v1/orgs/${organizationId}/teams`, { title: "Robust", members: [memberId] });
  const samlProvider = await api.post(`/v1/orgs/${organizationId}/saml`, samlProviderBody());
  const inviteLink = await api.post(`/v1/orgs/${organizationId}/link-invites`, { role: "read" });
  // Ids are 20 base62 characters: a subdomain of that shape compares like one (withoutIds).
  const subdomain = newId().toLowerCase();
  expect((await api.patch(`/v1/orgs/${organizationId}`, { hostname: subdomain })).status).toBe(200);
  const comment = await api.post(`/v1/spaces/${space.body.id}/comments`, { page: pages.body.pages[0].id, body: { markdown: "Robust" } });
  const reply = await api.post(`/v1/spaces/${space.body.id}/comments/${comment.body.id}/replies`, { body: { markdown: "Robust" } });
  const site = await api.post(`/v1/orgs/${organizationId}/sites`, { title: "Robust", spaces: [space.body.id] });
  const section = await api.post(`/v1/orgs/${organizationId}/sites/${site.body.id}/sections`, { spaceId: space.body.id, title: "Robust" });
  const group = await api.post(`/v1/orgs/${organizationId}/sites/${site.body.id}/section-groups`, { title: "Robust", sections: [section.body.id] });
  const shareLink = await api.post(`/v1/orgs/${organizationId}/sites/${site.body.id}/share-links`, { name: "Robust" });
  const redirect = await api.post(`/v1/orgs/${organizationId}/sites/${site.body.id}/redirects`, { source: "/robust-old", destination: { kind: "external", url: "https://example.com/" } });
  const fontStorageKey = await createFontUpload(organizationId);
  const font = await api.put(`/v1/orgs/${organizationId}/fonts`, { fontFamily: "Robust", fontFaces: [{ weight: 400, storageKey: fontStorageKey }] });
  const webhook = await api.post(`/v1/orgs/${organizationId}/webhooks`, { url: "https://webhook.invalid/robust", active: false });
  const webhookTest = await api.post(`/v1/orgs/${organizationId}/webhooks/${webhook.body.id}/test`);
  const integrationName = `robust-${newId().toLowerCase()}`;
  expect((await api.post(`/v1/integrations/${integrationName}`, { organization: organizationId, title: "Robust", description: "Robust", script: "", scopes: [] })).status).toBe(200);
  const installation = await api.post(`/v1/integrations/${integrationName}/installations`, { organization: organizationId });
  await api.post(`/v1/integrations/${integrationName}/installations/${installation.body.id}/spaces`, { space: space.body.id });
  await api.post(`/v1/integrations/${integrationName}/installations/${installation.body.id}/sites`, { siteId: site.body.id });
  const [event] = (await api.get(`/v1/orgs/${organizationId}/audit-events?limit=1`)).body.items;
  return {
    organizationId,
    collectionId: collection.body.id,
    spaceId: space.body.id,
    changeRequestId: changeRequest.body.id,
    revisionId: space.body.revision,
    pageId: pages.body.pages[0].id,
    // No operation adds files yet: a well-formed id of none, so the file cases test validation and scoping only.
    fileId: newId(),
    emailDomain,
    auditEventId: event.id,
    teamId: team.body.id,
    samlProviderId: samlProvider.body.id,
    userId: memberId,
    inviteId: inviteLink.body.id,
    subdomain,
    // The change request is the admin's own, which they do not review: a well-formed id of none.
    reviewId: newId(),
    commentId: comment.body.id,
    commentReplyId: reply.body.id,
    // The change request has none: a tenant's `default` conversation must answer like a missing one.
    conversationId: "default",
    siteId: site.body.id,
    shareLinkId: shareLink.body.id,
    siteRedirectId: redirect.body.id,
    siteSectionId: section.body.id,
    siteSectionGroupId: group.body.id,
    siteSpaceId: section.body.siteSpaces[0].id,
    fontId: font.body.id,
    fontStorageKey,
    webhookId: webhook.body.id,
    deliveryId: webhookTest.body.deliveryId,
    integrationName,
    installationId: installation.body.id,
    // Its event log is empty (nothing reaches it): a well-formed id of none, so the log cases test validation and scoping only.
    eventId: randomUUID(),
  };
}

/** Ids of the same shapes that exist nowhere. */
const missingIds = (): Ids => ({
  organizationId: newId(),
  collectionId: newId(),
  spaceId: newId(),
  changeRequestId: newId(),
  revisionId: newId(),
  pageId: newId(),
  fileId: newId(),
  emailDomain: `${newId().toLowerCase()}.test`,
  auditEventId: randomUUID(),
  teamId: newId(),
  samlProviderId: newId(),
  userId: newId(),
  inviteId: newId(),
  subdomain: newId().toLowerCase(),
  reviewId: newId(),
  commentId: newId(),
  commentReplyId: newId(),
  // Conversation ids are names within a change request (`default`): the same name is the only one to compare with.
  conversationId: "default",
  siteId: newId(),
  shareLinkId: newId(),
  siteRedirectId: newId(),
  siteSectionId: newId(),
  siteSectionGroupId: newId(),
  siteSpaceId: newId(),
  fontId: newId(),
  fontStorageKey: `orgs/${newId()}/customization_font/${newId()}`,
  webhookId: newId(),
  deliveryId: randomUUID(),
  integrationName: `robust-${newId().toLowerCase()}`,
  installationId: newId(),
  eventId: randomUUID(),
});

const samlProviderBody = () => ({ label: "Robust", entityID: "https://idp.example/robust", ssoURL: "https://idp.example/sso", certificate: idpCertificate });

/** A body each operation accepts, for the cases that vary one thing (path, one field) around it. */
const validBodies: Record<string, (world: World) => object> = {
  createOrganization: () => ({ title: "Robust organization" }),
  moveCollection: () => ({ parent: null }),
  moveSpace: () => ({ parent: null }),
  transferCollection: (world) => ({ organization: world.own.organizationId }),
  transferSpace: (world) => ({ organization: world.own.organizationId }),
  createOrganizationTeam: () => ({ title: "Robust team" }),
  updateTeamInOrganizationById: () => ({ title: "Robust team" }),
  inviteToSpace: (world) => ({ role: "read", users: [world.own.userId] }),
  inviteToCollection: (world) => ({ role: "read", users: [world.own.userId] }),
  updateUserPermissionInSpace: () => ({ role: "read" }),
  updateUserPermissionInCollection: () => ({ role: "read" }),
  updateTeamPermissionInSpace: () => ({ role: "read" }),
  updateTeamPermissionInCollection: () => ({ role: "read" }),
  createOrganizationSAMLProvider: samlProviderBody,
  updateMemberInOrganizationById: () => ({ role: "read" }),
  inviteUsersToOrganization: () => ({ emails: ["robust@example.test"], role: "read" }),
  createOrganizationInvite: () => ({ role: "read" }),
  updateOrganizationInviteById: () => ({ role: "read" }),
  updateUserById: () => ({ displayName: "Robust" }),
  submitChangeRequestReview: () => ({ status: "approved" }),
  requestReviewersForChangeRequest: (world) => ({ users: [world.own.userId] }),
  markUserNotificationsRead: () => ({ all: true }),
  postCommentInSpace: () => ({ body: { markdown: "Robust" } }),
  postCommentInChangeRequest: () => ({ body: { markdown: "Robust" } }),
  postCommentReplyInSpace: () => ({ body: { markdown: "Robust" } }),
  postCommentReplyInChangeRequest: () => ({ body: { markdown: "Robust" } }),
  updateChangeRequestConversation: () => ({ title: "Robust" }),
  createSite: (world) => ({ title: "Robust site", spaces: [world.own.spaceId] }),
  updateSiteById: () => ({ title: "Robust site" }),
  inviteToSite: (world) => ({ role: "read", users: [world.own.userId] }),
  updateUserPermissionInSite: () => ({ role: "read" }),
  updateTeamPermissionInSite: () => ({ role: "read" }),
  createSiteShareLink: () => ({ name: "Robust" }),
  updateSiteShareLinkById: () => ({ name: "Robust" }),
  updateSitePublishingAuthById: () => ({ backend: "custom" }),
  createSiteRedirect: () => ({ source: "/robust", destination: { kind: "external", url: "https://example.com/" } }),
  bulkUpsertSiteRedirects: () => ({ redirects: [{ source: "/robust", destination: null }] }),
  updateSiteRedirectById: () => ({ permanent: true }),
  addSectionToSite: (world) => ({ spaceId: world.own.spaceId }),
  addSpaceToSite: (world) => ({ spaceId: world.own.spaceId }),
  addSectionGroupToSite: () => ({ title: "Robust" }),
  addSectionToSiteSectionGroup: (world) => ({ sectionId: world.own.siteSectionId }),
  sortSiteStructure: (world) => ({ item: { type: "site-section", id: world.own.siteSectionId }, position: {} }),
  updateSiteAdaptiveSchema: () => ({ jsonSchema: { type: "object", properties: { beta: { type: "boolean", description: "Beta" } }, additionalProperties: false } }),
  updateSiteCustomizationById: () => ({ styling: { theme: "muted" } }),
  overrideSiteSpaceCustomizationById: () => ({ styling: { theme: "bold" } }),
  generateStorageUploadURL: () => ({ file: { name: "Robust.woff2", type: "font/woff2", size: 1000 }, kind: "customization_font" }),
  createCustomFont: (world) => ({ fontFamily: "Robust", fontFaces: [{ weight: 400, storageKey: world.own.fontStorageKey }] }),
  updateCustomFont: () => ({ fontFamily: "Robust 2" }),
  createOrganizationWebhook: () => ({ url: "https://webhook.invalid/robust-2", eventTypes: ["ping"] }),
  updateOrganizationWebhook: () => ({ description: "Robust" }),
  publishIntegration: (world) => ({ organization: world.own.organizationId, title: "Robust", description: "Robust", script: "", scopes: [] }),
  installIntegration: (world) => ({ organization: world.own.organizationId }),
  installIntegrationOnSpace: (world) => ({ space: world.own.spaceId }),
  installIntegrationOnSite: (world) => ({ siteId: world.own.siteId }),
  updateIntegrationInstallation: () => ({ externalIds: ["robust"] }),
  setIntegrationDevelopmentMode: () => ({ tunnelUrl: "https://tunnel.example.com/robust" }),
  queueIntegrationTask: () => ({ task: { sync: "all" }, schedule: 60 }),
};
const validBody = (operation: Operation, world: World) => validBodies[operation.operationId]?.(world) ?? {};

// ---- the table ----

/** Values of a path parameter; those the app server refuses for the whole path (server/http/request-guard.ts) name `path`. */
const pathValues: [string, string, "param" | "path"][] = [
  ["an overlong id", "a".repeat(5000), "param"],
  ["a NUL byte", "%00", "path"],
  ["a path traversal", "..%2F..", "param"],
  ["unicode", encodeURIComponent("ünï-çødé-🙂"), "param"],
  ["a broken escape", "%E0%A4%A", "path"],
];

const b64 = (text: string) => Buffer.from(text).toString("base64url");
/** Query cases per parameter name; each applies to the operations declaring that parameter. */
const queryValues: Record<string, [string, (world: World) => string, "accepted" | "rejected"][]> = {
  limit: [
    ["abc", () => "limit=abc", "rejected"],
    ["-1", () => "limit=-1", "rejected"],
    ["1e3", () => "limit=1e3", "rejected"],
    ["0x10", () => "limit=0x10", "rejected"],
    ["empty", () => "limit=", "rejected"],
    ["1001", () => "limit=1001", "rejected"],
    ["1000", () => "limit=1000", "accepted"],
  ],
  page: [
    ["garbage", () => "page=%%%", "rejected"],
    ["a forged cursor of SQL", () => `page=${b64("' OR 1=1; DROP TABLE spaces; --")}`, "rejected"],
    ["a cursor at another tenant's id", (world) => `page=${b64(world.stranger.spaceId)}`, "accepted"],
  ],
  unread: [
    ["yes", () => "unread=yes", "rejected"],
    ["true", () => "unread=true", "accepted"],
  ],
  nested: [
    ["yes", () => "nested=yes", "rejected"],
    ["1", () => "nested=1", "rejected"],
    ["false", () => "nested=false", "accepted"],
  ],
};
/** Body fields that legitimately take long text (an integration's script: up to 1 MB). */
const LONG_TEXT_FIELDS = new Set(["script"]);
/**
 * Path parameters naming something in one namespace shared by every organization: an integration's
 * name. Publishing under a name another organization holds is a conflict (409) whoever may see it,
 * where a name no one holds is published: the two cannot answer alike.
 */
const SHARED_NAMESPACES: Record<string, string> = { publishIntegration: "integrationName" };
/** Query parameters that take an array: given repeated, they are legitimately valid. */
const ARRAY_QUERY_PARAMETERS = new Set(["authors"]);
/** Applied to every declared query parameter. */
const anyQueryValues: [string, (name: string) => string][] = [
  ["5000 characters", (name) => `${name}=${"x".repeat(5000)}`],
  ["a NUL byte", (name) => `${name}=%00`],
  ["repeated", (name) => `${name}=1&${name}=2`],
];

const bodyTexts: [string, string][] = [
  ["malformed JSON", '{"title": '],
  ["null", "null"],
  ["an array", "[]"],
  ["a string", '"title"'],
  ["a number", "42"],
  ["two JSON documents", "{} {}"],
  ["a megabyte of nesting", "[".repeat(500_000) + "]".repeat(500_000)],
];

const wrongContentTypes: [string, string][] = [
  ["text/plain", "{}"],
  ["application/x-www-form-urlencoded", "title=Robust"],
  ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nRobust\r\n--x--\r\n'],
  ["application/xml", "<title>Robust</title>"],
];

type JsonType = "string" | "number" | "boolean" | "object" | "array" | "null";

/**
 * JSON put in each body field in turn, with its type. The strings are never acceptable: every
 * string field is bounded, NUL-free and well-formed. (Text, as JSON.stringify cannot nest 5000 deep.)
 */
const fieldValues: [string, JsonType, string][] = [
  ["a number", "number", "42"],
  ["a boolean", "boolean", "true"],
  ["null", "null", "null"],
  ["an object", "object", '{"nested": "value"}'],
  ["an array", "array", '["x"]'],
  ["a 10k-character string", "string", JSON.stringify("x".repeat(10_000))],
  ["a string with NUL", "string", '"a\\u0000b"'],
  ["a string with an unpaired surrogate", "string", '"a\\ud800b"'],
  ["an object nested 5000 deep", "object", '{"a":'.repeat(5000) + '"bottom"' + "}".repeat(5000)],
];

/** Nested values for object fields, which the per-field values do not reach. */
const nestedFieldValues: Record<string, [string, unknown][]> = {
  position: [
    ["an overlong pointer id", { before: { type: "space", space: "x".repeat(5000) } }],
    ["a pointer id with NUL", { after: { type: "collection", collection: "a\u0000b" } }],
    ["an unknown pointer type", { before: { type: "page", page: "x" } }],
  ],
  defaultContent: [["an overlong site id", { type: "site", site: "x".repeat(10_000) }]],
  emailDomains: [["a domain with NUL", ["a\u0000.test"]]],
  destination: [
    ["a javascript: URL", { kind: "external", url: "javascript:alert(1)" }],
    ["an overlong site space id", { kind: "site-space", siteSpaceId: "x".repeat(10_000) }],
    ["an unknown kind", { kind: "file", fileId: "x" }],
  ],
  redirects: [
    ["501 entries", Array.from({ length: 501 }, (_, i) => ({ source: `/r${i}`, destination: null }))],
    ["a source with a star inside", [{ source: "/a*b", destination: null }]],
  ],
};

// ---- cases from the table and the operations' schemas ----

function casesFor(operation: Operation): Case[] {
  const cases: Case[] = [
    { name: "no token", call: () => ({ token: null }), outcome: { status: 401 } },
    { name: "an unknown token", call: () => ({ token: `qr_${"x".repeat(43)}` }), outcome: { status: 401 } },
  ];
  const withBody = (world: World) => (operation.body ? { body: JSON.stringify(validBody(operation, world)) } : {});

  for (const name of pathParamNames(operation)) {
    for (const [label, value, named] of pathValues) {
      cases.push({ name: `path ${name}: ${label}`, call: (w) => ({ ...withBody(w), params: { [name]: value } }), outcome: { status: 400, field: named === "path" ? "path" : name } });
    }
    const idOf = (ids: Ids) => ids[name as keyof Ids] ?? fail(`no fixture for path parameter {${name}}`);
    cases.push({
      name: `path ${name}: another tenant's`,
      call: (w) => ({ ...withBody(w), params: { [name]: idOf(w.stranger) } }),
      outcome: SHARED_NAMESPACES[operation.operationId] === name ? { status: 409 } : { sameAs: (w) => ({ ...withBody(w), params: { [name]: idOf(missingIds()) } }) },
    });
  }

  if (operation.query) {
    for (const name of shapeKeys(operation.query)) {
      for (const [label, query, verdict] of queryValues[name] ?? []) {
        cases.push({ name: `query ${name}: ${label}`, call: (w) => ({ query: query(w) }), outcome: verdict === "accepted" ? "accepted" : { status: 400, field: name } });
      }
      for (const [label, query] of anyQueryValues) {
        const accepted = label === "repeated" && ARRAY_QUERY_PARAMETERS.has(name);
        cases.push({ name: `query ${name}: ${label}`, call: () => ({ query: query(name) }), outcome: accepted ? "accepted" : { status: 400, field: name } });
      }
    }
    cases.push({ name: "query: an unknown parameter is ignored", call: () => ({ query: "unknown=%00&unknown=x" }), outcome: "accepted" });
  }

  if (operation.body) cases.push(...bodyCases(operation, operation.body));
  else if (operation.method !== "GET" && operation.method !== "DELETE") {
    cases.push({ name: "body: ignored where none is expected", call: () => ({ body: '{"title": 42' }), outcome: "accepted" });
  }
  return cases;
}

function bodyCases(operation: Operation, schema: z.ZodType): Case[] {
  const asParsed = (value: unknown, field?: string): Outcome => (schema.safeParse(value).success ? "accepted" : { status: 400, field });
  const cases: Case[] = [
    ...bodyTexts.map(([label, body]): Case => ({ name: `body: ${label}`, call: () => ({ body }), outcome: { status: 400, field: "body" } })),
    { name: "body: empty", call: () => ({ body: "" }), outcome: asParsed(undefined, "body") },
    {
      name: "body: __proto__ and constructor keys are plain unknown keys",
      call: () => ({ body: '{"__proto__": {"title": "Polluted", "organization": "Polluted"}, "constructor": {"prototype": {"polluted": "yes"}}}' }),
      outcome: asParsed({}),
    },
    ...wrongContentTypes.map(([contentType, body]): Case => ({ name: `body: sent as ${contentType}`, call: () => ({ body, contentType }), outcome: { status: 415, field: "Content-Type" } })),
    {
      name: "body: application/json with a charset",
      call: (w) => ({ body: JSON.stringify(validBody(operation, w)), contentType: "application/json; charset=utf-8" }),
      outcome: "accepted",
    },
    { name: "body: over the size limit", call: () => ({ body: JSON.stringify({ title: "x".repeat(2 * (operation.bodyLimit ?? BODY_LIMITS.api)) }) }), outcome: { status: 413, field: "body" } },
  ];

  const shape = shapeOf(schema);
  const fields = Object.keys(shape);
  for (const field of fields) {
    const accepts = jsonTypes(shape[field]!);
    // The valid body with `field` set to `json`, as text.
    const withField = (w: World, json: string) => {
      const rest = Object.entries(validBody(operation, w)).filter(([key]) => key !== field);
      return `{${[...rest.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`), `${JSON.stringify(field)}:${json}`].join(",")}}`;
    };
    for (const [label, type, json] of fieldValues) {
      const acceptable = (type !== "string" || (LONG_TEXT_FIELDS.has(field) && label === "a 10k-character string")) && accepts.has(type);
      cases.push({ name: `body ${field}: ${label}`, call: (w) => ({ body: withField(w, json) }), outcome: acceptable ? "accepted" : { status: 400, field } });
    }
    for (const [label, value] of nestedFieldValues[field] ?? []) {
      cases.push({ name: `body ${field}: ${label}`, call: (w) => ({ body: withField(w, JSON.stringify(value)) }), outcome: { status: 400, field } });
    }
  }

  // Ids of the tenant next door in body fields answer like ids that exist nowhere.
  const referencing = fields.filter((field) => ["parent", "organization", "position"].includes(field));
  if (referencing.length) {
    const references = (ids: Ids) =>
      Object.fromEntries(
        referencing.map((field) => [
          field,
          field === "parent" ? ids.collectionId : field === "organization" ? ids.organizationId : { after: { type: "space", space: ids.spaceId } },
        ]),
      );
    cases.push({
      name: "body: ids of another tenant's objects",
      call: (w) => ({ body: JSON.stringify(references(w.stranger)) }),
      outcome: { sameAs: () => ({ body: JSON.stringify(references(missingIds())) }) },
    });
  }
  return cases;
}

// ---- the loop ----

/**
 * One world for the whole walk: refused input changes nothing, and what valid input changes (a
 * rename, a merge) leaves every later case as meaningful, since validation and scoping come before
 * any state is read. Reads go first and deletes last, so that most operations meet the world whole.
 */
let world: World;
beforeAll(async () => {
  world = await createWorld();
  console.log(`Robustness walk: ${walkOrder.length} operations, ${walkOrder.reduce((sum, operation) => sum + casesFor(operation).length, 0)} cases.`);
}, 120_000);

const METHOD_ORDER = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const walkOrder = v1Operations.filter((operation) => !isSkipped(operation.operationId)).sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method));

/** At most this many cases of an operation in flight at once: the database's round trips overlap, the one core stays busy. */
const CASES_AT_ONCE = 8;

/**
 * One test per operation: every case is sent, and a failure lists each case that went wrong with
 * what was wrong, then checks that the tenant next door was not touched.
 */
test.for(walkOrder.map((operation) => ({ operation, name: `${operation.method} ${operation.path}` })))("$name", async ({ operation }, { expect }) => {
  const cases = casesFor(operation);
  const problems: string[] = [];
  for (let start = 0; start < cases.length; start += CASES_AT_ONCE) {
    await Promise.all(
      cases.slice(start, start + CASES_AT_ONCE).map(async ({ name, call, outcome }) => {
        try {
          await checkCase(operation, call, outcome);
        } catch (error) {
          problems.push(`${name}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
        }
      }),
    );
  }
  expect(problems, `${problems.length} of ${cases.length} cases went wrong`).toEqual([]);
  await expectTenantNextDoorUntouched();
});

/** One case: sane whatever it is, and the outcome the table gives. */
async function checkCase(operation: Operation, call: Case["call"], outcome: Outcome) {
  const response = await send(operation, world, call(world));
  assertSane(world, response);
  if (outcome === "accepted") return;
  if ("sameAs" in outcome) {
    const reference = await send(operation, world, outcome.sameAs(world));
    assertSane(world, reference);
    expect(response.status, "the same status as for ids that exist nowhere").toBe(reference.status);
    expect(withoutIds(response.body), "the same answer as for ids that exist nowhere").toEqual(withoutIds(reference.body));
    return;
  }
  expect(response.status, JSON.stringify(response.body)).toBe(outcome.status);
  if (outcome.field) expect(Object.keys(response.body.error.details?.fields ?? {}), "names the field").toContainEqual(expect.stringMatching(namesField(outcome.field)));
}

async function expectTenantNextDoorUntouched() {
  const stranger = apiClient(server.url, world.strangerToken);
  const [collection, space, changeRequest] = await Promise.all([
    stranger.get(`/v1/collections/${world.stranger.collectionId}`),
    stranger.get(`/v1/spaces/${world.stranger.spaceId}`),
    stranger.get(`/v1/spaces/${world.stranger.spaceId}/change-requests/${world.stranger.changeRequestId}`),
  ]);
  expect([collection.status, space.status, changeRequest.status], "the tenant next door is untouched").toEqual([200, 200, 200]);
  expect(changeRequest.body).toMatchObject({ id: world.stranger.changeRequestId, subject: "Robust" });
  expect(collection.body).toMatchObject({ organization: world.stranger.organizationId, title: "Robust" });
  expect(space.body).toMatchObject({ organization: world.stranger.organizationId, parent: world.stranger.collectionId, title: "Robust" });
}

describe("the Authorization header", () => {
  const cases: [string, (token: string) => string | string[] | undefined, number[]][] = [
    ["lowercase bearer", (t) => `bearer ${t}`, [200]],
    ["uppercase BEARER", (t) => `BEARER ${t}`, [200]],
    ["several spaces", (t) => `Bearer    ${t}`, [200]],
    ["a tab", (t) => `Bearer\t${t}`, [200]],
    ["two tokens in one value", (t) => `Bearer ${t}, Bearer ${t}`, [401]],
    ["two Authorization headers", (t) => [`Bearer ${t}`, "Bearer qr_other"], [200, 401]],
    ["two Authorization headers, the bad one first", (t) => ["Bearer qr_other", `Bearer ${t}`], [200, 401]],
    ["the scheme alone", () => "Bearer", [401]],
    ["the token without a scheme", (t) => t, [401]],
    ["another scheme", (t) => `Token ${t}`, [401]],
    ["Basic with the token", (t) => `Basic ${Buffer.from(`${t}:`).toString("base64")}`, [401]],
    ["a truncated token", (t) => `Bearer ${t.slice(0, -1)}`, [401]],
    ["the token plus a character", (t) => `Bearer ${t}x`, [401]],
    ["an overlong token", (t) => `Bearer ${t}${"x".repeat(5000)}`, [401]],
    ["latin-1 characters", (t) => `Bearer ${t}é`, [401]],
    ["none", () => undefined, [401]],
  ];

  test.each(cases)("%s", async (_, header, statuses) => {
    const tenant = await createTenant();
    const token = tenant.admin.token;
    for (const path of ["/v1/user", `/v1/orgs/${tenant.organization.id}`, `/v1/orgs/${tenant.organization.id}/collections`]) {
      const { status, text } = await rawRequest(path, header(token));
      expect(statuses).toContain(status);
      expect(text).not.toContain(token);
      if (status >= 400) expect(JSON.parse(text)).toEqual({ error: { code: status, message: expect.any(String) } });
    }
  });

  test("a token in the query string is not a credential", async () => {
    const tenant = await createTenant();
    for (const name of ["token", "access_token", "api_key"]) {
      const { status, text } = await rawRequest(`/v1/user?${name}=${tenant.admin.token}`, undefined);
      expect(status).toBe(401);
      expect(text).not.toContain(tenant.admin.token);
    }
  });
});

// ---- helpers ----

async function send(operation: Operation, world: World, call: Call): Promise<ApiResponse> {
  const params: Record<string, string> = { ...world.own, ...call.params };
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? fail(`no fixture for path parameter {${name}}`));
  const token = call.token === undefined ? world.token : call.token;
  const headers: Record<string, string> = call.body === undefined ? {} : { "Content-Type": call.contentType ?? "application/json" };
  return apiClient(server.url, token ?? undefined).raw(operation.method, call.query ? `${path}?${call.query}` : path, { rawBody: call.body, headers });
}

/** Holds for every answer: below 500, the error envelope with code = status, no token echoed, nothing of the tenant next door. */
function assertSane(world: World, response: ApiResponse) {
  expect(response.status, JSON.stringify(response.body)?.slice(0, 500)).toBeLessThan(500);
  // `details`, Quire's addition to the envelope, carries data about the error (the field a 404 of a body id names).
  if (response.status >= 400) expect(response.body).toEqual({ error: { code: response.status, message: expect.any(String), ...(response.body.error.details ? { details: expect.any(Object) } : {}) } });
  const text = JSON.stringify(response.body) ?? "";
  expect(text).not.toContain(world.token);
  // Conversation ids are names shared by every change request (`default`), not the tenant's own.
  if (response.status < 300) for (const [name, id] of Object.entries(world.stranger)) if (name !== "conversationId") expect(text).not.toContain(id);
  // The `__proto__` case neither reached a field nor polluted this process's prototypes (the server runs in it).
  expect(text).not.toContain("Polluted");
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

/** An error message names the field: `field: ...` or `field.sub: ...`, possibly after other issues. */
/** A field of `details.fields` that is `field` or inside it (`title`, `title.x`, `title[0]`). */
const namesField = (field: string) => new RegExp(`^${field.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}([.[]|$)`);

/**
 * Ids (ours, and the UUIDs of audit events) and times blanked, so that answers about different ids
 * compare (two successes a moment apart differ in their `updatedAt`).
 */
const withoutIds = (body: unknown) =>
  body === undefined
    ? undefined
    : JSON.parse(
        JSON.stringify(body)
          .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9A-Za-z]{20}/g, "<id>")
          .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, "<time>"),
      );

function pathParamNames(operation: Operation): string[] {
  return [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

type ZodDef = { type: string; innerType?: z.ZodType; in?: z.ZodType; options?: z.ZodType[]; values?: unknown[]; shape?: Record<string, z.ZodType> };
const defOf = (schema: z.ZodType) => (schema as unknown as { def: ZodDef }).def;

/** The fields of an object schema, through `.default()`, `.prefault()` and pipe wrappers. */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const def = defOf(schema);
  const inner = def.innerType ?? def.in;
  if (inner) return shapeOf(inner);
  if (def.type !== "object" || !def.shape) throw new Error(`expected an object schema, got ${def.type}`);
  return def.shape;
}
const shapeKeys = (schema: z.ZodType) => Object.keys(shapeOf(schema));

const jsonTypeOf = (value: unknown): JsonType => (value === null ? "null" : Array.isArray(value) ? "array" : (typeof value as JsonType));

/** The JSON types a field's schema can accept. */
function jsonTypes(schema: z.ZodType): Set<JsonType> {
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
    case "default":
    case "prefault":
    case "readonly":
      return jsonTypes(def.innerType!);
    case "nullable":
      return new Set([...jsonTypes(def.innerType!), "null"]);
    case "pipe":
      return jsonTypes(def.in!);
    case "union":
      return new Set(def.options!.flatMap((option) => [...jsonTypes(option)]));
    case "literal":
      return new Set(def.values!.map(jsonTypeOf));
    case "string":
    case "enum":
      return new Set(["string"]);
    case "number":
      return new Set(["number"]);
    case "boolean":
      return new Set(["boolean"]);
    case "object":
    case "record":
      return new Set(["object"]);
    case "array":
      return new Set(["array"]);
    default:
      throw new Error(`robustness table: add the zod type ${def.type} to jsonTypes`);
  }
}

function fail(message: string): never {
  throw new Error(message);
}

/** node:http with raw headers rather than fetch, which merges repeated headers into one value (raw headers get no default Host). */
function rawRequest(path: string, authorization: string | string[] | undefined): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers = ["Host", new URL(server.url).host, ...[authorization ?? []].flat().flatMap((value) => ["Authorization", value])];
    const request = httpRequest(server.url + path, { method: "GET", headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on("error", reject);
    request.end();
  });
}
