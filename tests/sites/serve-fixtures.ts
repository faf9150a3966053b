import { createHmac } from "node:crypto";
import { expect } from "vitest";
import { commitRevision, createInitialRevision, readPages } from "../../server/content/revisions";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { serveSite } from "../../server/sites/serve/handler";
import { commitPages, createSite, createTenant } from "../helpers/factories";
import type { ApiResponse } from "../helpers/server";

/** Builders for the published-site tests (tests/sites/serve-*.test.ts): sites written straight to the database, read through serveSite. */

export const ORIGIN = "http://quire.test";

type PageSpec = { id?: string; title: string; slug: string; markdown?: string; parentId?: string | null; condition?: string; hidden?: true };

/** A space of the tenant's organization whose main revision holds `pages` (in this order). */
export async function spaceWithPages(organizationId: string, title: string, pages: PageSpec[]) {
  const space = await db().space.create({ data: { id: newId(), organizationId, title, visibility: "private" } });
  const initial = await createInitialRevision(db(), space.id, { empty: true });
  await db().space.update({ where: { id: space.id }, data: { revisionId: initial.id } });
  const ids = pages.map((page) => page.id ?? newId());
  const revision = await commitPages(
    space.id,
    pages.map(({ condition: _condition, hidden: _hidden, ...page }, index) => ({ ...page, id: ids[index], markdown: page.markdown ?? `${page.title} body.\n` })),
  );
  // Conditions and hidden flags are page fields commitPages does not take: written as a second revision.
  if (pages.some((page) => page.condition || page.hidden)) {
    await db().$transaction(async (tx) => {
      const versions = await readPages(tx, revision);
      const put = versions.map(({ body: _body, links: _links, ...version }) => {
        const spec = pages[ids.indexOf(version.id)]!;
        return { ...version, markdown: spec.markdown ?? `${spec.title} body.\n`, ...(spec.condition ? { condition: spec.condition } : {}), ...(spec.hidden ? { hidden: true as const } : {}) };
      });
      const next = await commitRevision(tx, { spaceId: space.id, base: revision, parents: [revision.id], put });
      await tx.space.update({ where: { id: space.id }, data: { revisionId: next.id } });
    });
  }
  return { space, pageIds: ids };
}

/** A published site (root-level site spaces over `spaceIds`, or none: add sections yourself). */
export async function publishedSite(organizationId: string, overrides: Parameters<typeof createSite>[1] & { adaptiveContent?: boolean; visitorAuthFallbackUrl?: string } = {}) {
  const { adaptiveContent, visitorAuthFallbackUrl, ...rest } = overrides;
  const site = await createSite(organizationId, { published: true, ...rest });
  if (adaptiveContent !== undefined || visitorAuthFallbackUrl !== undefined) {
    return db().site.update({ where: { id: site.id }, data: { adaptiveContent, visitorAuthFallbackUrl } });
  }
  return site;
}

export async function addSection(siteId: string, input: { title: string; path: string; isDefault?: boolean; position: number; condition?: string; sectionGroupId?: string }) {
  return db().siteSection.create({ data: { id: newId(), siteId, isDefault: false, ...input } });
}

export async function addSiteSpace(siteId: string, input: { spaceId: string; sectionId?: string | null; path: string; isDefault?: boolean; position: number; condition?: string; pageId?: string; title?: string }) {
  return db().siteSpace.create({ data: { id: newId(), siteId, isDefault: false, ...input } });
}

/** A request to the served site, as the route handler gets it. */
export async function visit(path: string, init: RequestInit & { cookies?: string[] } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookies?.length) headers.set("cookie", init.cookies.join("; "));
  const response = await serveSite(new Request(`${ORIGIN}${path}`, { ...init, headers }));
  const text = response.status === 304 || init.method === "HEAD" ? "" : await response.text();
  return { status: response.status, headers: response.headers, text, location: response.headers.get("location") };
}

/** The `name=value` part of each Set-Cookie, for the next request. */
export function cookiesOf(headers: Headers): string[] {
  return headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
}

/** A visitor JWT (HS256) signed with `key`. */
export function signToken(key: string, claims: Record<string, unknown>, header: Record<string, unknown> = { alg: "HS256", typ: "JWT" }) {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const body = `${part(header)}.${part(claims)}`;
  return `${body}.${createHmac("sha256", key).update(body).digest("base64url")}`;
}

export const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

export function ok(answer: ApiResponse, status = 200) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
}

export { createTenant };
