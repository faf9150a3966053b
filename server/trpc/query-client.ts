import { defaultShouldDehydrateQuery, QueryClient, type Query } from "@tanstack/react-query";
import superjson from "superjson";

/** Refusals that asking again cannot turn into an answer. */
const FINAL_CODES = /NOT_FOUND|FORBIDDEN|UNAUTHORIZED/;

/** What a server-rendered page hands to the browser: answers, and queries still running (they stream in as they settle). */
export const shouldDehydrateQuery = (query: Query) => defaultShouldDehydrateQuery(query) || query.state.status === "pending";

/**
 * The admin UI's query cache, the browser's and each page request's on the server (server/trpc/server.tsx):
 * answers cross from one to the other as superjson, as they do over /api/trpc. `where: "server"` never
 * retries: a page would wait on it, and the browser asks again for what the server could not answer.
 */
export function makeQueryClient(where: "browser" | "server"): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: where === "server" ? false : (count, error) => count < 2 && !FINAL_CODES.test(String((error as { data?: { code?: string } }).data?.code)),
      },
      dehydrate: { serializeData: superjson.serialize, shouldDehydrateQuery },
      hydrate: { deserializeData: superjson.deserialize },
    },
  });
}
