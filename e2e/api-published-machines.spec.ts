import { expect, test } from "@playwright/test";
import { adminApiToken, uniqueSuffix, v1 } from "./helpers";

/**
 * What machines read of a published site, through the real production server: a site built and
 * published through /v1, then its sitemap.xml, robots.txt, page markdown (`.md`), llms.txt and
 * search, and robots.txt and sitemap.xml again once the site is unlisted.
 */

let token: string;
test.beforeAll(() => {
  token = adminApiToken();
});

test("a published site's sitemap.xml, robots.txt, .md, llms.txt and search; unlisted, it leaves robots out", async ({ request }) => {
  const orgs = (await v1(request, token, "get", "/v1/orgs")) as { items: { id: string; title: string }[] };
  const organizationId = orgs.items.find((org) => org.title === "Demo organization")!.id;
  const spaceTitle = `Machines ${uniqueSuffix()}`;
  const space = (await v1(request, token, "post", `/v1/orgs/${organizationId}/spaces`, { title: spaceTitle, empty: true })) as { id: string };
  const crs = `/v1/spaces/${space.id}/change-requests`;
  const changeRequest = (await v1(request, token, "post", crs, { subject: "Write the egret docs" })) as { id: string };
  await v1(request, token, "post", `${crs}/${changeRequest.id}/content?compat=false`, {
    changes: [
      { operation: "insert_page", ref: "welcome", title: "Welcome", description: "All about egrets.", document: { markdown: "Egrets are wading birds.\n" } },
      { operation: "insert_page", ref: "install", title: "Install", document: { markdown: "Install an egret, then go [back home](./welcome.md).\n" } },
      { operation: "insert_page", title: "Backstage", hidden: true, document: { markdown: "Egret backstage.\n" } },
      { operation: "insert_page", title: "Internals", noRobotsIndex: true, document: { markdown: "Egret internals.\n" } },
    ],
  });
  await v1(request, token, "post", `${crs}/${changeRequest.id}/merge`);

  const site = (await v1(request, token, "post", `/v1/orgs/${organizationId}/sites`, { title: "Egret Docs", spaces: [space.id] })) as { id: string };
  const siteBase = `/v1/orgs/${organizationId}/sites/${site.id}`;
  await v1(request, token, "post", `${siteBase}/publish`);
  const published = (await v1(request, token, "get", siteBase)) as { urls: { published: string } };
  const url = published.urls.published;
  const path = new URL(url).pathname;

  const sitemap = await request.get(`${path}/sitemap.xml`);
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
  expect(locs).toEqual([url, `${url}/install`]);

  const robots = await request.get(`${path}/robots.txt`);
  expect(await robots.text()).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${url}/sitemap.xml\n`);

  const install = await request.get(`${path}/install.md`);
  expect(install.status()).toBe(200);
  expect(install.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
  expect(await install.text()).toBe(`# Install\n\nInstall an egret, then go [back home](${url}).\n`);
  expect(await (await request.get(`${path}/index.md`)).text()).toBe("# Welcome\n\nAll about egrets.\n\nEgrets are wading birds.\n");
  expect((await request.get(`${path}/nothing.md`)).status()).toBe(404);

  const llms = await request.get(`${path}/llms.txt`);
  expect(llms.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  expect(await llms.text()).toBe(
    [
      "# Egret Docs",
      "",
      "> All about egrets.",
      "",
      `## ${spaceTitle}`,
      "",
      `- [Welcome](${url}/index.md): All about egrets.`,
      `- [Install](${url}/install.md)`,
      `- [Internals](${url}/internals.md)`,
      "",
    ].join("\n"),
  );

  // Search follows the index, which the job queue brings up to date moments after the merge.
  await expect
    .poll(async () => ((await (await request.get(`${path}/~/search.json?q=egret`)).json()) as { results: { title: string }[] }).results.map((result) => result.title).sort(), { timeout: 30_000 })
    .toEqual(["Install", "Internals", "Welcome"]);

  const unlisted = await request.patch(siteBase, { headers: { Authorization: `Bearer ${token}` }, data: { visibility: "unlisted" } });
  expect(unlisted.ok(), await unlisted.text()).toBe(true);
  await expect.poll(async () => (await request.get(`${path}/robots.txt`)).text()).toBe("User-agent: *\nDisallow: /\n");
  expect((await request.get(`${path}/sitemap.xml`)).status()).toBe(404);
  expect(await (await request.get(`${path}/install.md`)).text()).toContain("Install an egret");
});
