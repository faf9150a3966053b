import type { Db } from "../db/client";
import type { User } from "../db/generated/client";

/** A user as review answers show them. */
export type Person = Pick<User, "id" | "displayName" | "email" | "photoURL">;
export type People = Map<string, Person>;

/** The users review records name (reviewers, requesters, requested), loaded in one query. */
export async function peopleOf(tx: Db, ids: (string | null)[]): Promise<People> {
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  const users = unique.length ? await tx.user.findMany({ where: { id: { in: unique } } }) : [];
  return new Map(users.map((user) => [user.id, user]));
}
