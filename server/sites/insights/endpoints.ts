import { asAppError } from "../../errors";
import { readBody } from "../../http/read-body";
import type { SiteRequest } from "../serve/endpoints";
import { pageHref } from "../serve/paths";
import { recordPageFeedback, recordPageView } from "./record";
import { INSIGHTS_BODY_LIMIT, pageFeedbackInput, pageViewInput } from "./schemas";

/**
 * The published site's `~/insights` (the page-view beacon of site.js) and `~/feedback` (the "Was
 * this page helpful?" form). Both run after the gate, on the visible site: a visitor who cannot
 * read a page cannot count or rate it. Bodies are read up to INSIGHTS_BODY_LIMIT.
 */

const NO_STORE = { "Cache-Control": "no-store" };

function text(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(`${message}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE, ...headers } });
}

const mediaType = (request: Request) => (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();

/** The body as UTF-8 text, or the answer refusing it (too large, not UTF-8). */
async function bodyText(request: Request): Promise<string | Response> {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(await readBody(request, INSIGHTS_BODY_LIMIT));
  } catch (error) {
    const known = asAppError(error);
    if (known?.code === "payload_too_large") return text(413, `The body is larger than ${INSIGHTS_BODY_LIMIT} bytes.`);
    if (error instanceof TypeError) return text(400, "The body is not UTF-8 text.");
    throw error;
  }
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/**
 * `POST ~/insights`: `{ type: "page_view", siteSpaceId, pageId }` as JSON (or text/plain, as sendBeacon
 * sends a string). 204; 429 past the views one address may count a minute (VIEWS_RULE).
 */
export async function handleInsightsBeacon({ request, address, visible }: SiteRequest): Promise<Response> {
  const type = mediaType(request);
  if (type !== "application/json" && type !== "text/plain" && type !== "") return text(415, "Send the event as JSON.");
  const body = await bodyText(request);
  if (body instanceof Response) return body;
  const event = pageViewInput.safeParse(parseJson(body));
  if (!event.success) return text(400, 'Send {"type":"page_view","siteSpaceId":…,"pageId":…}.');
  try {
    const outcome = await recordPageView(visible, event.data, { request, address });
    if (outcome === "busy") return text(429, "Too many page views from your address: try again in a minute.", { "Retry-After": "60" });
  } catch (error) {
    if (asAppError(error)?.code === "not_found") return text(404, "This page does not exist on this site.");
    throw error;
  }
  return new Response(null, { status: 204, headers: NO_STORE });
}

/** The form's fields (urlencoded, as the page's form posts them) or the same as a JSON object. */
function feedbackFields(type: string, body: string): Record<string, unknown> | null {
  if (type === "application/x-www-form-urlencoded") {
    const form = new URLSearchParams(body);
    return Object.fromEntries(["siteSpaceId", "pageId", "rating", "comment"].flatMap((name) => (form.has(name) ? [[name, form.get(name)]] : [])));
  }
  if (type === "application/json") {
    const parsed = parseJson(body);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  }
  return null;
}

/**
 * `POST ~/feedback`: the page's form (no JavaScript needed) is answered 303 back to the page with
 * `?feedback=sent#feedback`; a caller asking `Accept: application/json` (site.js) gets JSON.
 */
export async function handleFeedback({ request, address, visible }: SiteRequest): Promise<Response> {
  const json = (request.headers.get("accept") ?? "").includes("application/json");
  const answer = (status: number, message: string, headers: Record<string, string> = {}) =>
    json ? Response.json({ status, message }, { status, headers: { ...NO_STORE, ...headers } }) : text(status, message, headers);
  const type = mediaType(request);
  if (type !== "application/x-www-form-urlencoded" && type !== "application/json") return answer(415, "Send the feedback form's fields.");
  const body = await bodyText(request);
  if (body instanceof Response) return json ? answer(body.status, (await body.text()).trim()) : body;
  const fields = feedbackFields(type, body);
  const input = pageFeedbackInput.safeParse(fields ?? {});
  if (!input.success) {
    const comment = input.error.issues.find((issue) => issue.path[0] === "comment");
    return answer(400, comment ? comment.message : "Choose how helpful the page was.");
  }
  let recorded: Awaited<ReturnType<typeof recordPageFeedback>>;
  try {
    recorded = await recordPageFeedback(visible, input.data, { request, address });
  } catch (error) {
    if (asAppError(error)?.code === "not_found") return answer(404, "This page does not exist on this site.");
    throw error;
  }
  if (recorded.outcome === "busy") return answer(429, "This site is receiving a lot of feedback right now. Please try again in a minute.", { "Retry-After": "60" });
  if (json) return Response.json({ status: 201, message: "Thank you for your feedback." }, { status: 201, headers: NO_STORE });
  const { section, siteSpace, page } = recorded.page;
  return new Response(null, { status: 303, headers: { Location: `${pageHref(address, section, siteSpace, page)}?feedback=sent#feedback`, ...NO_STORE } });
}
