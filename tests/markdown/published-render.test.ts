import { describe, expect, test } from "vitest";
import { markdownPool, READ_BUDGET_MS } from "../../server/markdown/markdown-pool";
import { createTenant } from "../helpers/factories";
import { MAX_STALL_MS, measureStall } from "../helpers/measure-stall";
import { addSiteSpace, publishedSite, spaceWithPages, visit } from "../sites/serve-fixtures";

/**
 * A published page's first render runs in the markdown workers: heavy bodies (the ones a probe found
 * holding the event loop for half a second to over a second) never stall the app server.
 */

const HEAVY_BODIES: [string, string][] = [
  ["10,000 link reference definitions (250 KB)", Array.from({ length: 10_000 }, (_, i) => `[link${i}]: https://example.com/${i}`).join("\n") + "\n\nSee [link1].\n"],
  ["a table of 3,000 columns", `${"| c ".repeat(3000)}|\n${"|---".repeat(3000)}|\n${"| x ".repeat(3000)}|\n`],
  ["20,000 unclosed fences", "```\n".repeat(20_000)],
];

describe("rendering a published page", () => {
  test.each(HEAVY_BODIES)("the first render of %s holds the event loop under the bound", async (_, markdown) => {
    const tenant = await createTenant();
    const { space } = await spaceWithPages(tenant.organization.id, "Heavy", [{ title: "Heavy", slug: "heavy", markdown }]);
    const site = await publishedSite(tenant.organization.id);
    await addSiteSpace(site.id, { spaceId: space.id, path: "docs", isDefault: true, position: 0 });
    // Once, so that the site's model is cached: what is measured is the page body's first render.
    await visit(`/${site.basename}/~/search.json?q=x`);
    const { result, stallMs } = await measureStall(() => visit(`/${site.basename}`));
    expect(result.status).toBe(200);
    expect(result.text).toContain("<h1>Heavy</h1>");
    expect(stallMs).toBeLessThanOrEqual(MAX_STALL_MS);
  });

  test("the workers render a body with the site's links given as data", async () => {
    const markdown = "See [the guide](/pages/guide) and [the file](/files/f1).\n\n{% file src=\"/files/f1\" %}\n";
    const [rendered] = await markdownPool().map(
      "pageBodyHtml",
      [{ markdown, variables: { space: {}, page: {} }, externalLinksTarget: "self", pageHrefs: { guide: "/docs/guide" }, fileHrefPrefix: "/docs/~/files/s1/", files: { f1: { name: "Plan.pdf", size: 2048 } } }],
      READ_BUDGET_MS,
    );
    expect(rendered).toMatchObject({ ok: true, value: { outline: [] } });
    const html = (rendered as { value: { html: string } }).value.html;
    expect(html).toContain('<a href="/docs/guide">the guide</a>');
    expect(html).toContain('href="/docs/~/files/s1/f1"');
    expect(html).toContain("Plan.pdf");
  });
});
