import { describe, expect, test } from "vitest";
import { newRow, planVariablesUpdate, rowsFrom } from "../../components/editor/variables-form";

describe("the variables dialog's form", () => {
  test("rows list the variables by name, values as text", () => {
    expect(rowsFrom({ version: "2.0", beta: false, major: 2 }).map(({ name, value }) => [name, value])).toEqual([
      ["beta", "false"],
      ["major", "2"],
      ["version", "2.0"],
    ]);
  });

  test("saving sets changed and added values, removes deleted names, and keeps untouched numbers and booleans", () => {
    const initial = { version: "2.0", beta: false, major: 2, channel: "stable" };
    const rows = rowsFrom(initial).filter((row) => row.name !== "channel");
    rows.find((row) => row.name === "version")!.value = "2.1";
    rows.push(newRow("codename", "Aurora"), newRow());
    expect(planVariablesUpdate(initial, rows)).toEqual({ ok: true, changes: { version: "2.1", codename: "Aurora", channel: null } });
    expect(planVariablesUpdate(initial, rowsFrom(initial))).toEqual({ ok: true, changes: {} });
  });

  test("names must be identifiers, once each; values at most 256 characters", () => {
    const rows = [newRow("ok", "1"), newRow("bad name", "x"), newRow("ok", "2"), newRow("", "orphan value"), newRow("long", "x".repeat(257))];
    const plan = planVariablesUpdate({}, rows);
    expect(plan.ok).toBe(false);
    if (plan.ok) return;
    expect(Object.keys(plan.errors)).toEqual([rows[1]!.key, rows[2]!.key, rows[3]!.key, rows[4]!.key]);
    expect(plan.errors[rows[1]!.key]!.name).toMatch(/^The name must be a letter/);
    expect(plan.errors[rows[2]!.key]!.name).toBe("ok is already above.");
    expect(plan.errors[rows[3]!.key]!.name).toBe("A variable needs a name.");
    expect(plan.errors[rows[4]!.key]!.value).toBe("Values are at most 256 characters.");
  });
});
