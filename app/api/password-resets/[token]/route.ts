import { responseForError, zodFieldErrors } from "@/server/api/errors";
import { AppError, fieldError } from "@/server/errors";
import { BODY_LIMITS, readBody } from "@/server/http/read-body";
import { completePasswordReset, completePasswordResetInput } from "@/server/members/complete-password-reset";

export const dynamic = "force-dynamic";

/**
 * The reset page's call (public: the mailed link's token is the credential): `{ password }` becomes
 * the account's password. Only JSON is taken, so a form on another site cannot post here; the body
 * is read within the sign-in forms' limit.
 */
export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  try {
    const { token } = await params;
    if (request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() !== "application/json") {
      throw fieldError("Content-Type", "Send the body as application/json", { code: "unsupported_media_type" });
    }
    const input = completePasswordResetInput.safeParse(await readJsonBody(request));
    if (!input.success) throw zodFieldErrors(input.error, "body");
    return Response.json(await completePasswordReset(token, input.data));
  } catch (error) {
    return responseForError(error);
  }
}

async function readJsonBody(request: Request): Promise<unknown> {
  const text = new TextDecoder().decode(await readBody(request, BODY_LIMITS.auth));
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "body: malformed JSON");
  }
}
