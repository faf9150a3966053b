import type { Db } from "../db/client";

/** A session whose last save is older than this starts a new audit entry at its next save. */
export const EDIT_SESSION_IDLE_MINUTES = 30;

/**
 * One editing session's saves to one target as one audit entry. The admin UI's editor sends the id
 * of its opening (`session`) with each autosave; a save folds into the target's latest entry of that
 * action when that entry is this actor's, of the same session, and saved to within
 * EDIT_SESSION_IDLE_MINUTES. The entry then holds `session`, `saves` (how many), `firstAt` and
 * `lastAt` beside the latest save's payload; it keeps its first save's time (`occurred_at`), so the
 * newest-first log and its page cursors never see an entry move. Anything else in between (another
 * person's save, a new editor opening) starts a new entry. Writes through /v1 carry no session and
 * stay one entry each.
 *
 * The folded entry moves to this transaction's position in the record (txid, next seq): subscribers
 * (server/events/dispatch.ts) read the record in that order, so they see the save as a new change.
 *
 * Returns the id of the entry folded into, or null when the save starts one (`sessionPayload` then
 * gives its first payload). Runs in the write's transaction, under the target's row lock (the
 * change request's), so two saves of one session fold one after the other.
 */
export async function foldIntoEditSession(
  tx: Db,
  entry: { organizationId: string; action: string; targetId: string; actorId: string; session: string; payload: Record<string, unknown> },
): Promise<string | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    UPDATE domain_events SET payload = payload || ${JSON.stringify(entry.payload)}::jsonb
      || jsonb_build_object('saves', COALESCE((payload->>'saves')::int, 1) + 1, 'lastAt', to_jsonb(now())),
      txid = pg_current_xact_id()::text::bigint, seq = nextval('domain_events_seq_seq')
    WHERE id = (
        SELECT id FROM domain_events
        WHERE organization_id = ${entry.organizationId} AND target_id = ${entry.targetId} AND action = ${entry.action}
        ORDER BY occurred_at DESC, id DESC LIMIT 1
      )
      AND actor_id = ${entry.actorId} AND payload->>'session' = ${entry.session}
      AND (payload->>'lastAt')::timestamptz > now() - make_interval(mins => ${EDIT_SESSION_IDLE_MINUTES})
    RETURNING id`;
  return rows[0]?.id ?? null;
}

/** The payload of a session's first save: what later saves add to. */
export function sessionPayload(payload: Record<string, unknown>, session: string, at: Date): Record<string, unknown> {
  return { ...payload, session, saves: 1, firstAt: at.toISOString(), lastAt: at.toISOString() };
}
