/**
 * Calls one tRPC request may batch: the server refuses more (server/trpc/http-handler.ts) and the
 * admin UI's client splits larger batches (components/providers/trpc-provider.tsx). Kept apart
 * so that the browser bundle imports nothing else of the server.
 */
export const MAX_BATCH_CALLS = 20;
