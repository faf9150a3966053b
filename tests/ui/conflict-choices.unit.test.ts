import { describe, expect, test } from "vitest";
import { assembledText, conflictsLeft, initialChoices, isResolvable, resolutionErrorMessage, resolutionsOf, type Choices } from "../../components/change-requests/conflict-choices";
import type { ConflictPageVersion, MergeConflicts } from "../../server/content/merge/conflicts";
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

const conflicts: MergeConflicts = {
  pages: [
    {
      id: "p1",
      title: "Guide",
      path: "guide",
      fields: ["markdown", "title", "hidden", "parentId", "sortKey", "variables"],
      conflicts: [
        { kind: "content", tooDifferent: false, regions: [] },
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
        hunks: [
          { base: [0, 1], main: [0, 1], changeRequest: [0, 1] },
          { base: [4, 5], main: [4, 5], changeRequest: [4, 5] },
        ],
        merged: [{ hunk: 0 }, { text: "b\nc\nd\n" }, { hunk: 1 }],
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

  test("a hunk not chosen shows both sides between conflict markers; chosen, it takes a side or both", () => {
    const page = conflicts.resolution!.pages[0]!;
    expect(assembledText(page, { hunks: [null, "changeRequest"], edited: null })).toBe(
      "<<<<<<< In the space\nA\n=======\n1\n>>>>>>> In this change request\nb\nc\nd\n5",
    );
    // Both: main's lines then this change request's, each ending its line.
    expect(assembledText(page, { hunks: ["main", "both"], edited: null })).toBe("A\nb\nc\nd\nE\n5");
    expect(assembledText(page, { hunks: ["main", "both"], edited: "Written.\n" })).toBe("Written.\n");
  });

  test("counts what is left, including markers left in a text edited by hand, then makes the resolutions", () => {
    const initial = initialChoices(conflicts);
    // Two hunks, the title, hidden, the place, one page variable, the space variable, the file.
    expect(conflictsLeft(initial)).toBe(8);
    const choices: Choices = {
      pages: {
        p1: {
          text: { hunks: ["main", null], edited: "<<<<<<< In the space\nA\n" },
          fields: { title: { written: "  Our guide " }, hidden: { side: "main" }, place: { side: "changeRequest" } },
          variables: { version: "changeRequest" },
        },
      },
      variables: { product: "main" },
      files: { f1: "changeRequest" },
    };
    expect(conflictsLeft(choices)).toBe(1);
    choices.pages.p1!.text!.edited = "A\nb\n";
    expect(conflictsLeft(choices)).toBe(0);
    expect(resolutionsOf(conflicts, choices)).toEqual({
      revisions: { main: "rm", changeRequest: "rc" },
      pages: [{ id: "p1", markdown: "A\nb\n", title: "Our guide", hidden: "main", place: "changeRequest", variables: { version: null } }],
      variables: { product: "Main P" },
      files: [{ id: "f1", take: "changeRequest" }],
    });
  });

  test("a refused resolution's message names the page and field, not their place in the request", () => {
    expect(resolutionErrorMessage("resolutions.pages[0].slug: must be lowercase letters and digits", conflicts)).toBe("The slug of “Guide”: must be lowercase letters and digits");
    expect(resolutionErrorMessage("resolutions.pages.0.title: Too big: expected string to have <=256 characters", conflicts)).toBe(
      "The title of “Guide”: Too big: expected string to have <=256 characters",
    );
    expect(resolutionErrorMessage("resolutions.files: files f2 is not in conflict", conflicts)).toBe("This resolution was refused: files f2 is not in conflict");
    expect(resolutionErrorMessage("You cannot update this change request.", conflicts)).toBe("You cannot update this change request.");
  });
});
