import { dehydrate, hashKey, HydrationBoundary, type FetchInfiniteQueryOptions, type FetchQueryOptions, type QueryKey } from "@tanstack/react-query";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { TRPCError } from "@trpc/server";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { cache, type ReactNode } from "react";
import { requestActor } from "../auth/request-actor";
import { requestContext } from "../context";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address";
import { publicOriginOf } from "../http/public-origin";
import type { TrpcContext } from "./init";
import { makeQueryClient, shouldDehydrateQuery } from "./query-client";
import { appRouter } from "./root";

/*
 * Server-rendered admin pages answer with their data: a page's server component fetches what its
 * screen reads first through `trpc` — the same procedures, called as the browser's session, with the
 * same query keys as `useTRPC()` — with a `ScreenQueries`, whose `hydrate` hands the answers to the
 * browser's query cache with the screen. The screen's `useQuery` then finds them, on the server's render and
 * in the browser, instead of asking over /api/trpc after the page arrived.
 */

/** One query cache per page request (React's `cache` lasts one server request). */
export const getQueryClient = cache(() => makeQueryClient("server"));

/**
 * The context a call over /api/trpc gets (server/trpc/http-handler.ts), from the page request's
 * headers: the session's actor, URLs on the origin the browser used, its address.
 */
const pageTrpcContext = cache(async (): Promise<TrpcContext> => {
  const requestHeaders = await headers();
  const actor = await requestActor(requestHeaders, "session");
  // Only a request without a usable Host header (which no browser sends) gets URLs on localhost.
  const origin = publicOriginOf(requestHeaders, new URL("http://localhost"));
  const clientAddress = requestHeaders.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
  return { ...(actor ? requestContext(actor) : { actor: null }), baseUrl: origin, clientAddress };
});

export const trpc = createTRPCOptionsProxy({ router: appRouter, ctx: pageTrpcContext, queryClient: getQueryClient });

/**
 * What one layout or page fetches for its screen, and hands to the browser with it: each one hands
 * over exactly the queries it fetched, so the answer a frame shows (the sidebar's tree) always comes
 * with that frame, whichever of the segments, rendered side by side, finishes first. A failure is
 * not thrown: the query is left to the browser, whose screen asks again and explains a refusal as it
 * does for any failed load.
 */
export class ScreenQueries {
  readonly #client = getQueryClient();
  readonly #own = new Set<string>();

  /** Fetches a query the screen shows (await several with Promise.all; unawaited, it streams in as it settles). */
  prefetch<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(query: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>): Promise<void> {
    this.#own.add(hashKey(query.queryKey));
    return this.#client.prefetchQuery(query);
  }

  /** The same for a paged list's first page. */
  prefetchInfinite<TQueryFnData, TError, TData, TQueryKey extends QueryKey, TPageParam>(
    query: FetchInfiniteQueryOptions<TQueryFnData, TError, TData, TQueryKey, TPageParam>,
  ): Promise<void> {
    this.#own.add(hashKey(query.queryKey));
    return this.#client.prefetchInfiniteQuery(query);
  }

  /** A query the screen shows whose answer a later one needs (a space's parent collection), or undefined when it failed. */
  fetched<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(query: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>): Promise<TData | undefined> {
    this.#own.add(hashKey(query.queryKey));
    return this.#client.fetchQuery(query).catch(() => undefined);
  }

  /**
   * An answer the page cannot do without: what does not exist for the caller renders the not-found
   * page (HTTP 404); any other failure gives undefined, for the screen to explain as it does any failed load.
   */
  async fetchedOrNotFound<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(query: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>): Promise<TData | undefined> {
    this.#own.add(hashKey(query.queryKey));
    try {
      return await this.#client.fetchQuery(query);
    } catch (error) {
      if (error instanceof TRPCError && error.code === "NOT_FOUND") notFound();
      return undefined;
    }
  }

  /** `screen` with this screen's queries handed to the browser's query cache: answers, and those still running as promises. */
  hydrate(screen: ReactNode): ReactNode {
    const state = dehydrate(this.#client, { shouldDehydrateQuery: (query) => this.#own.has(query.queryHash) && shouldDehydrateQuery(query) });
    return <HydrationBoundary state={state}>{screen}</HydrationBoundary>;
  }
}

/** An answer the page does not hand to the browser (the tab's title): the request's cache shares it with the screen's own query. */
export function fetched<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(query: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>): Promise<TData | undefined> {
  return getQueryClient()
    .fetchQuery(query)
    .catch(() => undefined);
}
