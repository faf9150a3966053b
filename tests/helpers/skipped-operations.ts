/**
 * Operations (REST operationIds, tRPC procedure paths) the generated tests leave out when
 * `QUIRE_TEST_SKIP_OPERATIONS` names them: how scripts/operation-cost.ts measures what one operation
 * costs the suite. Unset, as in `npm test`, every operation runs.
 */
const skipped = new Set((process.env.QUIRE_TEST_SKIP_OPERATIONS ?? "").split(",").filter(Boolean));

export const isSkipped = (name: string) => skipped.has(name);
