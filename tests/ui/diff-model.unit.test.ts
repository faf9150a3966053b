import { describe, expect, it } from "vitest";
import { blockDiff, foldUnchanged, lineDiff, MAX_WORD_DIFF, splitRows, wordDiff } from "@/components/change-requests/diff-model";

/** The diff's model: edited blocks paired up, words compared, lines side by side. */

describe("diff model", () => {
  it("pairs blocks removed and added in their place as changed blocks, in order; the rest stay added or removed", () => {
    const before = "# Title\n\nOne.\n\nTwo.\n\nThree.\n";
    const after = "# Title\n\nOne, edited.\n\nThree.\n\nFour.\n";
    expect(blockDiff(before, after)).toEqual([
      { kind: "same", markdown: "# Title" },
      { kind: "changed", before: "One.", markdown: "One, edited." },
      { kind: "removed", markdown: "Two." },
      { kind: "same", markdown: "Three." },
      { kind: "added", markdown: "Four." },
    ]);
  });

  it("compares words, each version keeping its own runs; not for rewrites, nor past the bound", () => {
    expect(wordDiff("Herons wade in shallow water.", "Herons wade in deep water.")).toEqual({
      before: [
        { kind: "same", text: "Herons wade in " },
        { kind: "removed", text: "shallow" },
        { kind: "same", text: " water." },
      ],
      after: [
        { kind: "same", text: "Herons wade in " },
        { kind: "added", text: "deep" },
        { kind: "same", text: " water." },
      ],
    });
    expect(wordDiff("A completely different sentence here.", "Nothing alike at all, truly.")).toBeNull();
    expect(wordDiff("a ".repeat(MAX_WORD_DIFF), "b")).toBeNull();
  });

  it("puts removed lines beside the added ones of the same run, unchanged lines beside themselves", () => {
    const rows = splitRows(foldUnchanged(lineDiff("a\nb\nc\n", "a\nB\nB2\nc\n")));
    expect(rows.map((row) => (row.kind === "line" ? [row.left?.text ?? null, row.right?.text ?? null] : "fold"))).toEqual([
      ["a", "a"],
      ["b", "B"],
      [null, "B2"],
      ["c", "c"],
    ]);
  });
});
