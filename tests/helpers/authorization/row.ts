import { isDeepStrictEqual } from "node:util";
import { answersSuccess, resourceOf, type Caller, type CallerName, type Requirement, type Verdict, verdictFor } from "./model";
import type { Target, World } from "./world";

/**
 * One row of an authorization matrix at one place: every caller calls the operation there, and the
 * answers are gathered as a table, so that a failure lists every wrong cell at once (the test's name
 * names the operation and the place; a cell names its caller and says what was wrong).
 *
 * Who gets which target: a read runs on the place as the world built it. A row that changes its
 * target gives each caller it allows a fresh target of its own (a success changes it), while the
 * callers it refuses share one fresh target: each refusal must leave it exactly as it was, which its
 * snapshot, taken again after every refused call, shows (refused calls run one after another, so a
 * change is the caller's who made it). "self" rows act on the caller's own things: fresh for each.
 */

/** What a call answered, as the matrix compares it: a status (REST) or an outcome code (tRPC). */
export type Answer = {
  answer: string;
  /** A success: its text is scanned for everything the caller may not see, not only tokens. */
  ok: boolean;
  /** What the answer shows (its body, or the error's message). */
  text: string;
  /** The refusal's reason (`sso_required`), when the answer carries one. */
  reason?: string;
  /** A short excerpt shown beside a wrong cell, to say what came back. */
  excerpt?: string;
};

export type Cell = { caller: CallerName; answer: string; reason?: string; leaks: string[]; targetChanged?: boolean };

type RowOptions<Row extends Requirement<object> & { shows?: string[] }> = {
  world: World;
  row: Row;
  place: string;
  callers: Caller[];
  verdictOf?: typeof verdictFor;
  /** The answer a caller must get for a verdict (the success status, or the refusal's status or code). */
  expectedAnswer: (verdict: Verdict, success: boolean) => string;
  call: (caller: Caller, target: Target) => Promise<Answer>;
};

/** Runs the row; returns the table the callers got, the table they must get, and excerpts of the wrong cells. */
export async function runRow<Row extends Requirement<object> & { shows?: string[] }>(options: RowOptions<Row>) {
  const { world, row, place, callers, verdictOf = verdictFor } = options;
  const resource = resourceOf(row.needs);
  const freshTarget = (caller: Caller) =>
    world.fresh(resource, place, caller, { empty: row.mutates === "empty space", deleted: row.mutates === "deleted space" || row.mutates === "deleted organization", content: row.mutates === "space with content" });
  const verdictAt = (caller: Caller, target: Target) => verdictOf(caller, row, target.subject);

  const excerpts = new Map<CallerName, string>();
  const cell = async (caller: Caller, target: Target): Promise<Cell> => {
    let answer: Answer;
    try {
      answer = await options.call(caller, target);
    } catch (error) {
      // A failed check inside the call (an answer unlike the reference's, a broken connection) is this cell's.
      answer = { answer: `threw: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`, ok: false, text: "" };
    }
    if (answer.excerpt) excerpts.set(caller.name, answer.excerpt);
    const forbidden = world.forbiddenFor(caller).filter(({ label }) => (answer.ok && !row.shows?.includes(label)) || label.endsWith("'s token"));
    const leaks = forbidden.filter(({ value }) => answer.text.includes(value)).map(({ label }) => label);
    return { caller: caller.name, answer: answer.answer, ...(answer.reason ? { reason: answer.reason } : {}), leaks };
  };
  const expectedCell = (caller: Caller, verdict: Verdict, checksTarget: boolean): Cell => ({
    caller: caller.name,
    answer: options.expectedAnswer(verdict, answersSuccess(row, verdict)),
    ...(!verdict.allowed && verdict.reason ? { reason: verdict.reason } : {}),
    leaks: [],
    ...(checksTarget ? { targetChanged: false } : {}),
  });

  const actual = new Map<CallerName, Cell>();
  const expected = new Map<CallerName, Cell>();
  if (!row.mutates || resource === "self") {
    await Promise.all(
      callers.map(async (caller) => {
        const target = row.mutates ? await freshTarget(caller) : world.target(resource, place);
        expected.set(caller.name, expectedCell(caller, verdictAt(caller, target), false));
        actual.set(caller.name, await cell(caller, target));
      }),
    );
  } else {
    const shared = await freshTarget(callers[0]!);
    const refused = callers.filter((caller) => !verdictAt(caller, shared).allowed);
    const allowed = callers.filter((caller) => verdictAt(caller, shared).allowed);
    const allowedCalls = () =>
      Promise.all(
        allowed.map(async (caller) => {
          const target = await freshTarget(caller);
          expected.set(caller.name, expectedCell(caller, verdictAt(caller, target), false));
          actual.set(caller.name, await cell(caller, target));
        }),
      );
    // The successes run beside the refusals, unless they may renumber the shared target among its siblings.
    const successes = row.reordersSiblings ? undefined : allowedCalls();
    const before = await world.snapshot(resource, shared.ids);
    for (const caller of refused) {
      expected.set(caller.name, expectedCell(caller, verdictAt(caller, shared), true));
      const answered = await cell(caller, shared);
      const after = await world.snapshot(resource, shared.ids);
      actual.set(caller.name, { ...answered, targetChanged: !isDeepStrictEqual(after, before) });
    }
    await (successes ?? allowedCalls());
  }
  const inOrder = (cells: Map<CallerName, Cell>) => callers.map((caller) => cells.get(caller.name)!);
  const wrong = inOrder(actual).filter((cell, index) => !isDeepStrictEqual(cell, inOrder(expected)[index]));
  return {
    actual: inOrder(actual),
    expected: inOrder(expected),
    /** What came back in the wrong cells, for the failure's message. */
    explanation: wrong.map((cell) => `${cell.caller}: ${excerpts.get(cell.caller) ?? cell.answer}`).join("\n"),
  };
}
