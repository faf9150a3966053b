import { z } from "zod";
import { fieldError } from "./errors";

export const DEFAULT_PAGE_SIZE = 50;

/** `page` and `limit`, shared by every list operation. */
export const listParams = z.object({
  page: z.string().max(200).optional(),
  // Decimal digits only: Number() would also read "1e3", "0x10", " 5" or "" (as 0).
  limit: z
    .string()
    .regex(/^[0-9]+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(1).max(1000))
    .default(DEFAULT_PAGE_SIZE),
});
export type ListParams = z.infer<typeof listParams>;

/** A list's `limit` as tRPC procedures take it: a number (the query string's is text). */
export const trpcListLimit = { limit: z.number().int().min(1).max(1000).default(50) };

export type ListResult<T> = { items: T[]; count: number; next?: { page: string } };

/** The opaque cursor is the last id of the previous page: keyset paging costs the same at any depth. */
export function decodeCursor(page: string | undefined): string | undefined {
  if (page === undefined) return undefined;
  const decoded = Buffer.from(page, "base64url").toString("utf8");
  if (!/^[0-9A-Za-z_-]{1,64}$/.test(decoded)) throw fieldError("page", "Not a valid page cursor");
  return decoded;
}

export function encodeCursor(id: string): string {
  return Buffer.from(id, "utf8").toString("base64url");
}

/**
 * Runs a keyset-paged query ordered by id. `fetch` receives the id to start after and how
 * many rows to take (one more than the page, to learn whether a next page exists).
 */
export async function paginateById<Row extends { id: string }>(
  params: ListParams,
  fetch: (afterId: string | undefined, take: number) => Promise<Row[]>,
  count: () => Promise<number>,
): Promise<ListResult<Row>> {
  const afterId = decodeCursor(params.page);
  const [rows, total] = await Promise.all([fetch(afterId, params.limit + 1), count()]);
  const items = rows.slice(0, params.limit);
  const hasMore = rows.length > params.limit;
  return {
    items,
    count: total,
    ...(hasMore ? { next: { page: encodeCursor(items[items.length - 1]!.id) } } : {}),
  };
}

/**
 * The opaque cursor of a list ordered by something other than its ids (a date, a name): the last
 * row's sort value and its id, which breaks ties, so that paging costs the same at any depth.
 */
export function encodeKeysetCursor(value: string | null, id: string): string {
  return Buffer.from(JSON.stringify([value, id]), "utf8").toString("base64url");
}

export function decodeKeysetCursor(page: string | undefined): { value: string | null; id: string } | undefined {
  if (page === undefined) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(page, "base64url").toString("utf8"));
  } catch {
    throw fieldError("page", "Not a valid page cursor");
  }
  const valid =
    Array.isArray(decoded) &&
    decoded.length === 2 &&
    (decoded[0] === null || (typeof decoded[0] === "string" && decoded[0].length <= 300 && !decoded[0].includes("\u0000"))) &&
    typeof decoded[1] === "string" &&
    /^[0-9A-Za-z_-]{1,64}$/.test(decoded[1]);
  if (!valid) throw fieldError("page", "Not a valid page cursor");
  const [value, id] = decoded as [string | null, string];
  return { value, id };
}

type KeysetModel<Where, Row> = {
  findMany(args: { where: Where; orderBy: { id: "asc" }; take: number }): Promise<Row[]>;
  count(args: { where: Where }): Promise<number>;
};

/** `paginateById` over one Prisma model filtered by `where`, in id order. */
export function paginateModel<Where, Row extends { id: string }>(params: ListParams, model: KeysetModel<Where, Row>, where: Where): Promise<ListResult<Row>> {
  return paginateById(
    params,
    // Prisma where-inputs combine with AND; the cast states that for any model's input type.
    (afterId, take) => model.findMany({ where: afterId ? ({ AND: [where, { id: { gt: afterId } }] } as Where) : where, orderBy: { id: "asc" }, take }),
    () => model.count({ where }),
  );
}
