import { describe, expect, test } from "vitest";
import { attributeRows } from "../../components/change-requests/change-entries";
import { visibleInNavigation } from "../../components/content/page-navigation";
import { DEFAULT_PAGE_LAYOUT } from "../../server/content/page-display";

describe("the review's page attributes", () => {
  test("one row per changed field: text as is, flags as Yes/No, each layout option apart, covers by source", () => {
    const rows = attributeRows({
      title: { before: "Guide", after: "Handbook" },
      icon: { after: "book" },
      hidden: { before: false, after: true },
      layout: { before: DEFAULT_PAGE_LAYOUT, after: { ...DEFAULT_PAGE_LAYOUT, width: "wide", outline: false } },
      cover: { after: { ref: { kind: "url", url: "https://example.com/c.png" }, yPos: 0 } },
    });
    expect(rows.map(({ label, before, after }) => `${label}: ${before} -> ${after}`)).toEqual([
      "Title: Guide -> Handbook",
      "Icon: (none) -> book",
      "Hidden from navigation: No -> Yes",
      "Layout: Width: default -> wide",
      "Layout: Outline: Shown -> Hidden",
      "Cover: (none) -> https://example.com/c.png",
    ]);
  });
});

describe("the reader's navigation", () => {
  test("leaves out hidden pages with their subpages, and nothing else", () => {
    const page = (id: string, depth: number, hidden = false) => ({ id, title: id, emoji: null, depth, hidden });
    const pages = [page("a", 0), page("b", 0, true), page("b1", 1), page("b1x", 2), page("c", 0), page("c1", 1, true), page("c2", 1)];
    expect(visibleInNavigation(pages).map((each) => each.id)).toEqual(["a", "c", "c2"]);
  });
});
