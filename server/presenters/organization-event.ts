import type { Urls } from "../http/urls";

/**
 * An organization event's payload as its readers get it (sent to a subscriber, in the feed, in an
 * integration's log): the event holds no URL, so the users of `updatedBy` get their `urls` here.
 * Events written before they held none already have them: theirs are made again, in place.
 *
 * The payload comes back from jsonb, which orders an object's keys by length, then bytewise; each
 * user is given that order, so an answer reads byte for byte as when events held the URLs.
 */
export function presentEventPayload(payload: Record<string, unknown>, urls: Urls): Record<string, unknown> {
  if (!Array.isArray(payload.updatedBy)) return payload;
  const updatedBy = (payload.updatedBy as { id: string }[]).map((user) => inJsonbOrder({ ...user, urls: { location: urls.user(user) } }));
  return { ...payload, updatedBy };
}

function inJsonbOrder(object: Record<string, unknown>): Record<string, unknown> {
  const byLengthThenBytes = ([a]: [string, unknown], [b]: [string, unknown]) => a.length - b.length || Buffer.compare(Buffer.from(a), Buffer.from(b));
  return Object.fromEntries(Object.entries(object).sort(byLengthThenBytes));
}
