import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { conflictsOf } from "../../components/change-requests/conflict-outcome";
import { ConflictView } from "../../components/change-requests/conflict-view";
import type { MergeConflicts } from "../../server/content/merge/conflicts";
import { DEFAULT_PAGE_LAYOUT } from "../../server/content/page-display";

/** The review screen's conflict list, rendered from the data of a 409 as the browser gets it (tRPC's `data.details`). */

const ref = (id: string, title: string, path: string) => ({ id, title, path });

/** One conflict of every kind, on pages whose titles hold what a message parser would trip on. */
const conflicts: MergeConflicts = {
  pages: [
    {
      ...ref("p1", 'Setup; file uploads (v2) "beta"', "guide/setup"),
      fields: ["markdown", "title", "hidden", "layout"],
      conflicts: [
        {
          kind: "content",
          tooDifferent: false,
          blocks: [
            {
              kind: "edited",
              key: "k1",
              type: "paragraph",
              container: false,
              main: { markdown: "Each file may be **100 MB**.\n", truncated: false },
              changeRequest: { markdown: "Each file may be 10 GB.\n", truncated: false },
            },
            { kind: "deleted", key: "k2", type: "list-item", container: false, deletedIn: "changeRequest", main: { markdown: "- Files are kept.\n", truncated: false }, changeRequest: null },
          ],
        },
        { kind: "title", main: "Setup; uploads", changeRequest: null },
        { kind: "hidden", main: true, changeRequest: false },
        { kind: "layout", main: DEFAULT_PAGE_LAYOUT, changeRequest: { ...DEFAULT_PAGE_LAYOUT, width: "wide" } },
      ],
    },
    { ...ref("p2", "Big page", "big"), fields: ["markdown"], conflicts: [{ kind: "content", tooDifferent: true, blocks: [] }] },
    { ...ref("p3", "Gone", "gone"), fields: ["markdown"], conflicts: [{ kind: "delete-edit", deletedIn: "changeRequest" }] },
    { ...ref("p4", "Child", "api/child"), fields: ["parentId"], conflicts: [{ kind: "parent-deleted", parent: ref("p5", "API", "api"), deletedIn: "main" }] },
    { ...ref("p6", "Twin", "twin"), fields: ["slug"], conflicts: [{ kind: "duplicate-slug", slug: "twin", other: ref("p7", "Other twin", "twin") }] },
    { ...ref("p8", "Loop", "loop"), fields: ["parentId"], conflicts: [{ kind: "cycle" }, { kind: "move" }, { kind: "variables", names: ["version"] }] },
  ],
  files: [
    { kind: "changed-on-both-sides", id: "f1", name: "logo.png" },
    { kind: "deleted-while-referenced", id: "f2", name: "diagram; final.png", deletedIn: "main", referencedBy: [ref("p1", 'Setup; file uploads (v2) "beta"', "guide/setup")] },
  ],
  variables: ["release", "channel"],
};

const render = (data: MergeConflicts | null, message = "The change request and the space's content conflict.") =>
  renderToStaticMarkup(
    createElement(ConflictView, {
      links: { main: {}, changeRequest: {} },
      action: "merge",
      conflicts: data,
      message,
      editHref: "/edit",
      canEdit: true,
      updating: false,
      onUpdateFromMain: () => {},
      onDismiss: () => {},
    }),
  );

/** The markup's text, tags dropped and entities decoded, with one space between blocks. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("the conflict view", () => {
  test("reads the conflicts from the error's data, not its message", () => {
    expect(conflictsOf({ message: 'Conflicts: page "A; B" (x): content.', data: { details: conflicts } })).toEqual(conflicts);
    expect(conflictsOf({ message: "Conflict.", data: { details: { pages: "not a list" } } })).toBeNull();
    expect(conflictsOf(new Error("network"))).toBeNull();
  });

  test("shows every page by its title, the fields in conflict with both values, and both versions of each conflicting block, rendered", () => {
    const html = render(conflicts);
    const text = textOf(html);
    expect(text).toContain('Setup; file uploads (v2) "beta" guide/setup');
    expect(text).toContain("In conflict: text, title, hidden from navigation, layout");
    expect(text).toContain("Field In the space In this change request");
    expect(text).toContain("Title Setup; uploads (none)");
    expect(text).toContain("Hidden from navigation Yes No");
    expect(text).toContain("Layout: Width default wide");
    expect(text).toContain("2 blocks of its text were changed both here and in the space:");
    expect(text).toContain("The same words of this paragraph were changed differently here and in the space.");
    expect(text).toContain("In the space (main) Each file may be 100 MB .");
    expect(text).toContain("In this change request Each file may be 10 GB .");
    // Rendered as the reader renders it, with the words the other side lacks highlighted.
    expect(html).toContain("<strong><mark");
    expect([...html.matchAll(/<mark[^>]*>([^<]*)<\/mark>/g)].map((match) => match[1])).toEqual(["100 MB", "10 GB"]);
    expect(text).toContain("This list item was deleted in this change request and changed in the space.");
    expect(text).toContain("In this change request Deleted in this change request.");
    expect(text).toContain("Its text differs too much here and in the space to be merged block by block.");
    expect(text).toContain("It was deleted in this change request and edited in the space.");
    expect(text).toContain("It was put under “API”, which was deleted in the space.");
    expect(text).toContain("Its slug “twin” would be the same as that of “Other twin” beside it.");
    expect(text).toContain("The moves made here and in the space together would put it inside itself.");
    expect(text).toContain("It was moved to different places here and in the space.");
    expect(text).toContain("Its variable version was set differently here and in the space.");
    expect(text).toContain("File logo.png was changed both here and in the space.");
    expect(text).toContain('File diagram; final.png was deleted in the space, but this page still uses it: Setup; file uploads (v2) "beta" guide/setup');
    expect(text).toContain("Space variables release, channel were set differently here and in the space.");
  });

  test("without conflict data, shows the error's message as it is", () => {
    const text = textOf(render(null, "Something else conflicted."));
    expect(text).toContain("Something else conflicted.");
    expect(text).not.toContain("In conflict:");
  });
});
