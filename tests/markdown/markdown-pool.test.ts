import { describe, expect, test } from "vitest";
import { MAX_KEYED_BLOCKS } from "../../server/content/format/block-keys";
import { markdownLimitError, markdownPool, READ_BUDGET_MS, WRITE_BUDGET_MS } from "../../server/markdown/markdown-pool";
import { MAX_STALL_MS, measureStall } from "../helpers/measure-stall";

/**
 * Parsing is linear now, so no page within the size limit takes the write budget: the budget is
 * shown with a short one and markdown that takes far longer (1 MB of links, about half a second).
 */
const SLOW = "[a link](/pages/a) and `code`\n".repeat(35_000);
const SHORT_BUDGET_MS = 50;

describe("the markdown pool", () => {
  test("markdown past the write budget is a 400 naming the field and the budget; the pool serves the next task", async () => {
    const { result, stallMs } = await measureStall(() => markdownPool().mapOrFail("recordedLinks", ["[a](/pages/a)", SLOW], SHORT_BUDGET_MS));
    expect(result).toMatchObject({ ok: false, index: 1, limit: "time", values: [[{ kind: "page", page: "a", relation: "link" }]] });
    expect(stallMs).toBeLessThanOrEqual(MAX_STALL_MS);
    if (result.ok) return;
    const refusal = markdownLimitError("changes[0].document.markdown", result.limit, WRITE_BUDGET_MS);
    const message = "Too complex to process within 2 s (simplify deeply nested or repeated syntax)";
    expect({ message: refusal.message, details: refusal.details }).toEqual({ message, details: { fields: { "changes[0].document.markdown": message } } });
    expect(await markdownPool().map("recordedLinks", ["![i](/files/f)"], WRITE_BUDGET_MS)).toEqual([{ ok: true, value: [{ kind: "file", file: "f", relation: "image" }] }]);
  });

  test("every task of the workers answers as it would in the server's thread", async () => {
    const pool = markdownPool();
    const markdown = "# Title\n\nSee [the guide](/pages/guide).\n\n## Part\n\nText.";
    const start = markdown.indexOf("/pages/guide");
    expect(await pool.map("linkDestinations", [markdown], WRITE_BUDGET_MS)).toEqual([{ ok: true, value: [{ kind: "link", url: "/pages/guide", start, end: start + 12 }] }]);
    expect(await pool.map("pageSections", [markdown], WRITE_BUDGET_MS)).toMatchObject([{ ok: true, value: [{ id: "" }, { id: "title", title: "Title" }, { id: "part", body: "Text." }] }]);
    expect(await pool.map("keyedDocument", [{ markdown, pageId: "page" }], WRITE_BUDGET_MS)).toMatchObject([{ ok: true, value: { object: "document", nodes: [{ type: "heading-1" }, { type: "paragraph" }, { type: "heading-2" }, { type: "paragraph" }] } }]);
    expect(await pool.map("blockCount", [markdown], WRITE_BUDGET_MS)).toEqual([{ ok: true, value: 4 }]);
    expect(await pool.map("pageBlockKeys", [{ markdown, keys: ["a", "b", "c", "d"], sources: [] }], WRITE_BUDGET_MS)).toEqual([{ ok: true, value: ["a", "b", "c", "d"] }]);
    // A page of more blocks than MAX_KEYED_BLOCKS stores none (reads derive them).
    expect(await pool.map("pageBlockKeys", [{ markdown: "p\n\n".repeat(MAX_KEYED_BLOCKS + 1), sources: [] }], READ_BUDGET_MS)).toEqual([{ ok: true, value: null }]);
    const leaf = (text: string) => ({ object: "text", leaves: [{ object: "leaf", text, marks: [] }] });
    const document = { object: "document", data: {}, nodes: [{ object: "block", type: "paragraph", data: {}, nodes: [leaf("Text.")] }] };
    expect(await pool.map("documentMarkdown", [{ json: JSON.stringify(document) }], WRITE_BUDGET_MS)).toEqual([{ ok: true, value: { markdown: "Text.\n" } }]);
    const [html] = await pool.map("pdfPageHtml", [{ markdown, printedPageIds: ["guide"], variables: { space: {}, page: {} } }], WRITE_BUDGET_MS);
    expect(html).toMatchObject({ ok: true, value: expect.stringContaining('<a href="#page-guide">the guide</a>') });
  });
});
