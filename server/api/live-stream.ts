import type { Actor } from "../auth/actor";
import { errorResponse, responseForError } from "./errors";
import { db } from "../db/client";
import { notFound } from "../errors";
import { loadSpace } from "../policies/access";
import { liveHub, type LiveHub } from "../live/hub";
import { kindOfAction, type LiveKind, type LiveMessage } from "../live/messages";

/** What a browser receives: what to refetch (through the API, which checks access again), never what changed. */
export type LiveEvent = { kind: LiveKind | "resync"; spaceId: string | null; changeRequestId: string | null };

const HEARTBEAT_MS = 20_000;
/** Open streams per user on one app server: a few tabs, not a flood. */
export const MAX_STREAMS_PER_USER = 8;
const MAX_ID_LENGTH = 64;

const streamsOf = ((globalThis as unknown as { quireLiveStreams?: Map<string, number> }).quireLiveStreams ??= new Map());

/**
 * `GET /api/live?space=ID&changeRequest=ID`: a stream of server-sent events telling a signed-in user
 * when their inbox changed or, with `space`, when that space (or that change request of it, and the
 * space's own discussions) changed; `resync` when messages may have been missed (the server's LISTEN
 * connection was reopened). View access is checked when the stream opens; a heartbeat comment
 * every 20 s keeps proxies from closing it; it ends when the browser goes.
 */
export async function openLiveStream(request: Request, actor: Actor | null, hub: LiveHub = liveHub()): Promise<Response> {
  if (!actor) return errorResponse(401, "Sign in first.");
  const params = new URL(request.url).searchParams;
  const spaceId = params.get("space") || null;
  const changeRequestId = params.get("changeRequest") || null;
  if ((spaceId?.length ?? 0) > MAX_ID_LENGTH || (changeRequestId?.length ?? 0) > MAX_ID_LENGTH) return errorResponse(400, "The space and change request are ids.");
  if (changeRequestId && !spaceId) return errorResponse(400, "A change request is followed within its space: give `space` too.");
  try {
    if (spaceId) await loadSpace(db(), actor, spaceId);
    if (spaceId && changeRequestId && !(await db().changeRequest.findFirst({ where: { id: changeRequestId, spaceId }, select: { id: true } }))) {
      throw notFound(`No change request ${changeRequestId} in space ${spaceId}.`);
    }
  } catch (error) {
    return responseForError(error);
  }
  const open = streamsOf.get(actor.userId) ?? 0;
  if (open >= MAX_STREAMS_PER_USER) return errorResponse(429, `At most ${MAX_STREAMS_PER_USER} live streams per user: close other tabs.`, { "Retry-After": "30" });
  streamsOf.set(actor.userId, open + 1);

  // A stream follows either the user's inbox (no `space`: the app shell's) or one space (its screens').
  const wanted = (message: LiveMessage): LiveEvent | null => {
    if (message.topic === "user") return !spaceId && message.userId === actor.userId ? { kind: "notifications", spaceId: null, changeRequestId: null } : null;
    // Site messages are for the app servers' published copies (server/sites/serve/cache.ts), not for screens.
    if (message.topic === "site") return null;
    if (!spaceId || message.spaceId !== spaceId) return null;
    // A change request's screen follows that change request and its space; the space's screens follow all of it.
    if (changeRequestId && message.changeRequestId !== null && message.changeRequestId !== changeRequestId) return null;
    return { kind: kindOfAction(message.action), spaceId: message.spaceId, changeRequestId: message.changeRequestId };
  };

  const encoder = new TextEncoder();
  let finish = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let done = false;
      const send = (text: string) => {
        if (done) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          finish();
        }
      };
      const unsubscribe = hub.subscribe(
        (message) => {
          const event = wanted(message);
          if (event) send(`data: ${JSON.stringify(event)}\n\n`);
        },
        () => send(`data: ${JSON.stringify({ kind: "resync", spaceId, changeRequestId } satisfies LiveEvent)}\n\n`),
      );
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
      finish = () => {
        if (done) return;
        done = true;
        clearInterval(heartbeat);
        unsubscribe();
        const left = (streamsOf.get(actor.userId) ?? 1) - 1;
        if (left > 0) streamsOf.set(actor.userId, left);
        else streamsOf.delete(actor.userId);
        request.signal.removeEventListener("abort", finish);
        try {
          controller.close();
        } catch {
          // Already closed by the reader going away.
        }
      };
      request.signal.addEventListener("abort", finish);
      // The browser's EventSource retries after this long when the stream drops; the first line also opens the stream at once.
      send("retry: 2000\n: connected\n\n");
      // Said once the server listens (tests and the benchmark wait for it; browsers ignore comments).
      hub.listening().then(
        () => send(": listening\n\n"),
        () => finish(),
      );
    },
    cancel() {
      finish();
    },
  });
  return new Response(body, {
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache, no-transform", Connection: "keep-alive", "X-Accel-Buffering": "no" },
  });
}
