import { expect } from "vitest";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { loadStructure, structureViolations } from "../../server/sites/structure/rules";
import type { apiClient } from "../helpers/server";

/** Builders and checks shared by the structure tests. */

export type Api = ReturnType<typeof apiClient>;

/** A site written straight to the database (its own operations are tested elsewhere). */
export async function createSiteRow(organizationId: string, data: { title?: string; published?: boolean; adaptiveSchema?: object } = {}) {
  const id = newId();
  return db().site.create({
    data: {
      id,
      organizationId,
      title: data.title ?? "Docs",
      basename: `site-${id.toLowerCase()}`,
      published: data.published ?? false,
      ...(data.adaptiveSchema ? { adaptiveSchema: data.adaptiveSchema } : {}),
    },
  });
}

export async function createSpace(api: Api, organizationId: string, title: string): Promise<{ id: string; title: string }> {
  const created = await api.post(`/v1/orgs/${organizationId}/spaces`, { title });
  expect(created.status).toBe(201);
  return created.body;
}

/** Fails the test with what is wrong when the site's structure breaks a rule. */
export async function expectValidStructure(siteId: string) {
  const structure = await loadStructure(db(), siteId);
  expect(structureViolations(structure)).toEqual([]);
  return structure;
}
