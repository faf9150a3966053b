import { describe, expect, test } from "vitest";
import type { JSONDocument } from "@gitbook/api";
import { conflictsLeft, initialChoices, resolutionsOf, writingStart, type Choices } from "../../components/change-requests/conflict-choices";
import { isResolvable, resolutionErrorMessage } from "../../components/change-requests/conflict-outcome";
import type { ConflictBlockVersion, ConflictPageVersion, MergeConflicts } from "../../server/content/merge/conflicts";
import { DEFAULT_PAGE_LAYOUT } from "../../server/content/page-display";

/** The conflict view's choices, from the data of a 409 to the resolutions an update from main is sent. */

const version = (title: string, markdown: string, extra: Partial<ConflictPageVersion> = {}): ConflictPageVersion => ({
  title,
  slug: "guide",
  emoji: null,
  description: null,
  icon: null,
  condition: null,
  hidden: false,
  noIndex: false,
  noRobotsIndex: false,
  layout: DEFAULT_PAGE_LAYOUT,
  cover: null,
  variables: {},
  parent: null,
  sortKey: 1,
  markdown,
  ...extra,
});

const paragraph = (key: string, text: string): JSONDocument => ({
  object: "document",
  data: {},
  nodes: [{ object: "block", type: "paragraph", key, data: {}, nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }] }] as JSONDocument["nodes"],
});
const block = (key: string, text: string): ConflictBlockVersion => ({ markdown: `${text}\n`, document: paragraph(key, text) });
const text = (markdown: string) => ({ markdown, truncated: false });

const conflicts: MergeConflicts = {
  pages: [
    {
      id: "p1",
      title: "Guide",
      path: "guide",
      fields: ["markdown", "title", "hidden", "parentId", "sortKey", "variables"],
      conflicts: [
        {
          kind: "content",
          tooDifferent: false,
          blocks: [
            { kind: "edited", key: "b1", type: "paragraph", container: false, main: text("A.\n"), changeRequest: text("1.\n") },
            { kind: "deleted", key: "b2", type: "paragraph", container: false, deletedIn: "changeRequest", main: text("E.\n"), changeRequest: null },
          ],
        },
        { kind: "title", main: "Main guide", changeRequest: "My guide" },
        { kind: "hidden", main: true, changeRequest: false },
        { kind: "move" },
        { kind: "variables", names: ["version"] },
      ],
    },
  ],
  files: [{ kind: "changed-on-both-sides", id: "f1", name: "diagram.png" }],
  variables: ["product"],
  resolution: {
    revisions: { main: "rm", changeRequest: "rc" },
    pages: [
      {
        id: "p1",
        base: version("Guide", "a\nb\nc\nd\ne\n"),
        main: version("Main guide", "A\nb\nc\nd\nE\n", { hidden: true, variables: { version: "2" }, parent: { id: "x", title: "X", path: "x" } }),
        changeRequest: version("My guide", "1\nb\nc\nd\n5", { variables: {} }),
        blocks: [
          { key: "b1", kind: "edited", type: "paragraph", container: false, base: block("b1", "a."), main: block("b1", "A."), changeRequest: block("b1", "1.") },
          { key: "b2", kind: "deleted", deletedIn: "changeRequest", type: "paragraph", container: false, base: block("b2", "e."), main: block("b2", "E."), changeRequest: null },
        ],
      },
    ],
    variables: [{ name: "product", base: "P", main: "Main P" }],
  },
};

describe("conflict choices", () => {
  test("resolvable only when every conflict is settled by choosing and each page came with its versions", () => {
    expect(isResolvable(conflicts)).toBe(true);
    expect(isResolvable({ ...conflicts, resolution: undefined })).toBe(false);
    expect(isResolvable({ ...conflicts, resolution: { ...conflicts.resolution!, pages: [] } })).toBe(false);
    expect(isResolvable({ ...conflicts, pages: [{ ...conflicts.pages[0]!, conflicts: [{ kind: "cycle" }] }] })).toBe(false);
    expect(isResolvable({ ...conflicts, files: [{ kind: "deleted-while-referenced", id: "f1", name: "d.png", deletedIn: "main", referencedBy: [] }] })).toBe(false);
  });

  test("writing a block starts from the change request's version, or main's where the change request deleted it", () => {
    const [edited, deleted] = conflicts.resolution!.pages[0]!.blocks;
    expect(writingStart(edited!)).toEqual(paragraph("b1", "1."));
    expect(writingStart(deleted!)).toEqual(paragraph("b2", "E."));
  });

  test("counts what is left, then makes the resolutions: a side, both or written blocks per conflicting block", () => {
    const initial = initialChoices(conflicts);
    // Two blocks, the title, hidden, the place, one page variable, the space variable, the file.
    expect(conflictsLeft(initial)).toBe(8);
    const written = paragraph("b2", "E, rewritten.");
    const choices: Choices = {
      pages: {
        p1: {
          text: { blocks: { b1: { take: "both" }, b2: null } },
          fields: { title: { written: "  Our guide " }, hidden: { side: "main" }, place: { side: "changeRequest" } },
          variables: { version: "changeRequest" },
        },
      },
      variables: { product: "main" },
      files: { f1: "changeRequest" },
    };
    expect(conflictsLeft(choices)).toBe(1);
    choices.pages.p1!.text = { blocks: { b1: { take: "both" }, b2: { written } } };
    expect(conflictsLeft(choices)).toBe(0);
    expect(resolutionsOf(conflicts, choices)).toEqual({
      revisions: { main: "rm", changeRequest: "rc" },
      pages: [
        {
          id: "p1",
          blocks: [
            { key: "b1", take: "both" },
            { key: "b2", document: written },
          ],
          title: "Our guide",
          hidden: "main",
          place: "changeRequest",
          variables: { version: null },
        },
      ],
      variables: { product: "Main P" },
      files: [{ id: "f1", take: "changeRequest" }],
    });
  });

  test("a body that conflicts as a whole is resolved whole: a side's markdown, or the written document's", () => {
    const whole: MergeConflicts = { ...conflicts, pages: [{ ...conflicts.pages[0]!, conflicts: [{ kind: "content", tooDifferent: true, blocks: [] }] }], files: [], variables: [] };
    const initial = initialChoices(whole);
    expect(initial.pages.p1!.text).toEqual({ whole: null });
    expect(conflictsLeft(initial)).toBe(1);
    const take = (choice: NonNullable<Extract<NonNullable<Choices["pages"][string]["text"]>, { whole: unknown }>["whole"]>) =>
      resolutionsOf(whole, { ...initial, pages: { p1: { ...initial.pages.p1!, text: { whole: choice } } } }).pages![0];
    expect(take({ take: "main" })).toEqual({ id: "p1", markdown: "A\nb\nc\nd\nE\n" });
    expect(take({ written: paragraph("x", "Written *whole*.") })).toEqual({ id: "p1", markdown: "Written \\*whole\\*.\n" });
  });

  test("a refused resolution's message names the page and field, not their place in the request", () => {
    // The server's answer: its message, and the field it is about in `details.fields`.
    const refused = (field: string, message: string) => resolutionErrorMessage(message, { [field]: message }, conflicts);
    expect(refused("resolutions.pages[0].slug", "Must be lowercase letters and digits")).toBe("The slug of “Guide”: Must be lowercase letters and digits");
    expect(refused("resolutions.pages.0.title", "Too big: expected string to have <=256 characters")).toBe("The title of “Guide”: Too big: expected string to have <=256 characters");
    expect(refused("resolutions.pages[0].blocks[1].take", "Block b2 of page “Guide” (p1) was deleted on one side")).toBe("The text of “Guide”: Block b2 of page “Guide” (p1) was deleted on one side");
    expect(refused("resolutions.files", "Files f2 is not in conflict")).toBe("This resolution was refused: Files f2 is not in conflict");
    expect(resolutionErrorMessage("You cannot update this change request.", {}, conflicts)).toBe("You cannot update this change request.");
  });
});
