import { describe, expect, test } from "vitest";
import { db, preparedRows } from "../../server/db/client";
import { Prisma } from "../../server/db/generated/client";
import { inTransaction } from "../../server/db/transaction";
import { createOrganization } from "../helpers/factories";

const titleOf = (tx: Parameters<typeof preparedRows>[0], id: string) =>
  preparedRows<{ title: string }>(tx, "test-organization-title", Prisma.sql`SELECT title FROM organizations WHERE id = ${id}`);

describe("preparedRows", () => {
  test("answers as a query would, with new parameters each call (the statement is prepared once, not its values)", async () => {
    const [first, second] = await Promise.all([createOrganization("First"), createOrganization("Second")]);
    for (let round = 0; round < 3; round++) {
      expect(await titleOf(db(), first.id)).toEqual([{ title: "First" }]);
      expect(await titleOf(db(), second.id)).toEqual([{ title: "Second" }]);
    }
    expect(await titleOf(db(), "no-such-organization")).toEqual([]);
  });

  test("inside a transaction it runs on the transaction: it sees the transaction's own writes, and others do not until commit", async () => {
    const organization = await createOrganization("Before");
    await inTransaction(async (tx) => {
      await tx.organization.update({ where: { id: organization.id }, data: { title: "During" } });
      expect(await titleOf(tx, organization.id)).toEqual([{ title: "During" }]);
      expect(await titleOf(db(), organization.id)).toEqual([{ title: "Before" }]);
    }, "record");
    expect(await titleOf(db(), organization.id)).toEqual([{ title: "During" }]);
  });
});
