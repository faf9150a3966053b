import type { z } from "zod";
import type { Actor } from "../auth/actor";
import { requestContext } from "../context";
import { requestPublicOrigin } from "../http/public-origin";
import { urlsFor } from "../http/urls";
import { fieldError } from "../errors";
import { BODY_LIMITS, readBody } from "../http/read-body";
import { pathProblem } from "../http/request-guard";
import { jsonShapeProblem } from "../validation/json-shape";
import { findUnstorableText, unstorableTextError } from "../validation/storable-text";
import { requestActor } from "../auth/request-actor";
import { db } from "../db/client";
import { installationRefusal } from "../policies/installation";
import { errorResponse, responseForError, zodFieldErrors } from "./errors";
import type { HttpMethod, Operation } from "./operation";

type CompiledRoute = { segments: string[]; byMethod: Map<HttpMethod, Operation> };

export type MatchedOperation = { operation: Operation; params: Record<string, string> };

/** Routes /v1 requests to operations, applying the conventions every operation shares. */
export class ApiRouter {
  private readonly routes: CompiledRoute[] = [];

  constructor(operations: Operation[]) {
    for (const operation of operations) {
      const segments = operation.path.split("/").filter(Boolean);
      let route = this.routes.find((candidate) => candidate.segments.join("/") === segments.join("/"));
      if (!route) {
        route = { segments, byMethod: new Map() };
        this.routes.push(route);
      }
      if (route.byMethod.has(operation.method)) throw new Error(`Duplicate operation ${operation.method} ${operation.path}`);
      route.byMethod.set(operation.method, operation);
    }
    // Literal segments win over parameters: /v1/orgs/x/collections before /v1/orgs/{id}/{x}.
    this.routes.sort((a, b) => specificity(b.segments) - specificity(a.segments));
  }

  /** Finds the operation for a method and path; used by the handler and by conformance tests. */
  match(method: string, pathname: string): MatchedOperation | { allowed: HttpMethod[] } | null {
    const parts = pathname.split("/").filter(Boolean);
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      const operation = route.byMethod.get(method as HttpMethod);
      if (!operation) return { allowed: [...route.byMethod.keys()] };
      return { operation, params };
    }
    return null;
  }

  async handle(request: Request): Promise<Response> {
    try {
      const url = new URL(request.url);
      // The app server refuses these already (server/http/request-guard.ts); checked again for any other way in.
      const problem = pathProblem(url.pathname);
      if (problem) return responseForError(fieldError("path", problem));
      // Before anything is read: an anonymous upload is refused without reading it.
      const actor = await requestActor(request.headers, "token");
      if (!actor) {
        return errorResponse(401, "Authentication required: send `Authorization: Bearer <API token>`.", {
          "WWW-Authenticate": 'Bearer realm="quire"',
        });
      }
      const found = this.match(request.method, url.pathname);
      if (!found) return errorResponse(404, `No operation at ${request.method} ${url.pathname}.`);
      if ("allowed" in found) {
        return errorResponse(405, `${request.method} is not allowed on ${url.pathname}.`, { Allow: found.allowed.join(", ") });
      }
      return await this.run(found, request, url, actor);
    } catch (error) {
      return responseForError(error);
    }
  }

  private async run({ operation, params }: MatchedOperation, request: Request, url: URL, actor: Actor): Promise<Response> {
    const context = {
      ...requestContext(actor),
      urls: urlsFor(requestPublicOrigin(request)),
      params: operation.params ? parseWith(operation.params, decodeParams(params), "path") : decodeParams(params),
      query: operation.query ? parseWith(operation.query, queryObject(url.searchParams), "query") : undefined,
      body: operation.body ? parseWith(operation.body, await readJson(request, operation.bodyLimit ?? BODY_LIMITS.api), "body") : undefined,
    };
    const pending = operation.handler(context as never);
    // An installation token refused is told which scope it lacks (server/policies/installation.ts).
    const result = await (actor.via === "installation" ? pending.catch(async (error: unknown) => Promise.reject(await installationRefusal(db(), actor, operation.path, error))) : pending);
    const status = operation.statusOf?.(result as never) ?? operation.status ?? 200;
    if (status === 204 || status === 205) return new Response(null, { status });
    const headers: Record<string, string> = {};
    const location = (result as { urls?: { location?: string } } | undefined)?.urls?.location;
    if (status === 201 && location) headers.Location = location;
    return Response.json(result, { status, headers });
  }
}

function specificity(segments: string[]): number {
  return segments.reduce((score, segment, index) => score + (segment.startsWith("{") ? 0 : 2 ** (20 - index)), segments.length * 2 ** 21);
}

function matchSegments(template: string[], parts: string[]): Record<string, string> | null {
  if (template.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < template.length; i++) {
    const expected = template[i]!;
    if (expected.startsWith("{")) {
      params[expected.slice(1, -1)] = parts[i]!;
    } else if (expected !== parts[i]) {
      return null;
    }
  }
  return params;
}

/** Decoded apart from matching, so that `match` never throws (conformance checks call it on any path); `handle` has refused malformed escapes. */
function decodeParams(raw: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(raw).map(([name, value]) => [name, decodeURIComponent(value)]));
}

function queryObject(searchParams: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(searchParams.keys())) {
    const values = searchParams.getAll(key);
    query[key] = values.length === 1 ? values[0]! : values;
  }
  return query;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

async function readJson(request: Request, limit: number): Promise<unknown> {
  const bytes = await readBody(request, limit);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw fieldError("body", "Not valid UTF-8");
  }
  if (text.trim() === "") return undefined;
  const mediaType = request.headers.get("content-type")?.split(";")[0]!.trim().toLowerCase();
  // A form or text body is refused rather than read as JSON; no Content-Type at all is taken as JSON.
  if (mediaType && mediaType !== "application/json" && !/^application\/[a-z0-9.+-]+\+json$/.test(mediaType)) {
    throw fieldError("Content-Type", `Send the body as application/json, not ${mediaType.slice(0, 100)}`, { code: "unsupported_media_type" });
  }
  const problem = jsonShapeProblem(text);
  if (problem) throw fieldError("body", problem);
  try {
    return JSON.parse(text);
  } catch {
    throw fieldError("body", "Malformed JSON");
  }
}

function parseWith(schema: z.ZodType, value: unknown, source: string): unknown {
  const result = schema.safeParse(value);
  if (!result.success) throw zodFieldErrors(result.error, source);
  const bad = findUnstorableText(result.data);
  if (bad) throw unstorableTextError(bad, source);
  return result.data;
}
