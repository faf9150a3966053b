import { describe, expect, test } from "vitest";
import { TRANSACTION_LIMITS, transactionLimits, type TransactionKind } from "../../server/db/transaction";

describe("the table of transaction limits", () => {
  test("a kind that bounds its lock waits leaves time for the work after the longest wait", () => {
    for (const kind of Object.keys(TRANSACTION_LIMITS) as TransactionKind[]) {
      const { timeoutMs, lockTimeoutMs } = transactionLimits(kind);
      if (lockTimeoutMs) expect(timeoutMs - lockTimeoutMs, kind).toBeGreaterThanOrEqual(30_000);
    }
  });

  test("a locked write gets time for each page it declares, up to a ceiling; other kinds are not sized", () => {
    const base = transactionLimits("lockedWrite").timeoutMs;
    expect(transactionLimits("lockedWrite", { pages: 5_000 }).timeoutMs).toBe(base + 5_000 * 25);
    expect(transactionLimits("lockedWrite", { pages: 10_000_000 }).timeoutMs).toBe(30 * 60_000);
    expect(transactionLimits("lockedWrite", { pages: 5_000 }).lockTimeoutMs).toBe(transactionLimits("lockedWrite").lockTimeoutMs);
    expect(transactionLimits("write", { pages: 5_000 })).toEqual(TRANSACTION_LIMITS.write);
  });
});
