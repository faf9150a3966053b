import { responseForError, zodFieldErrors } from "@/server/api/errors";
import { requestActor } from "@/server/auth/request-actor";
import { requestContext } from "@/server/context";
import { AppError, fieldError } from "@/server/errors";
import { BODY_LIMITS, readBody } from "@/server/http/read-body";
import { joinWithInvite, signUpWithInvite } from "@/server/invites/join-with-invite";
import { signUpWithInviteInput } from "@/server/invites/schemas";
import { findUnstorableText, unstorableTextError } from "@/server/validation/storable-text";

export const dynamic = "force-dynamic";

/**
 * The invite page's join call (public: the invite's token is the credential). Signed in, the caller
 * joins as themself; otherwise the body creates their account (`displayName`, `password`, and
 * `email` for a link invite) and then they join, and the page signs them in. Only JSON is taken, so a
 * form on another site cannot post here; the body is read within the sign-in forms' limit.
 */
export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  try {
    const { token } = await params;
    if (request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() !== "application/json") {
      throw fieldError("Content-Type", "Send the body as application/json", { code: "unsupported_media_type" });
    }
    const body = await readJsonBody(request);
    const actor = await requestActor(request.headers, "session");
    if (actor) return Response.json(await joinWithInvite(requestContext(actor), token));
    const input = signUpWithInviteInput.safeParse(body);
    if (!input.success) throw zodFieldErrors(input.error, "body");
    const bad = findUnstorableText(input.data);
    if (bad) throw unstorableTextError(bad, "body");
    return Response.json(await signUpWithInvite(token, input.data));
  } catch (error) {
    return responseForError(error);
  }
}

async function readJsonBody(request: Request): Promise<unknown> {
  const text = new TextDecoder().decode(await readBody(request, BODY_LIMITS.auth));
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "body: malformed JSON");
  }
}
