import { responseForError } from "@/server/api/errors";
import { badRequest } from "@/server/errors";
import { urlsFor } from "@/server/http/urls";
import { presentSsoEntry } from "@/server/presenters/saml-provider";
import { findSsoEntries } from "@/server/sso/find-sso";
import { ssoBaseUrl } from "@/server/sso/http";
import { findSsoInput } from "@/server/sso/schemas";

/** The sign-in page's lookup of single sign-on by work email or organization (no session needed). */
export async function GET(request: Request): Promise<Response> {
  const parsed = findSsoInput.safeParse({ query: new URL(request.url).searchParams.get("q") ?? "" });
  if (!parsed.success) return responseForError(badRequest("q: give a work email or an organization"));
  try {
    const urls = urlsFor(ssoBaseUrl(request));
    const items = (await findSsoEntries(parsed.data.query)).map((entry) => presentSsoEntry(entry, urls));
    return Response.json({ items }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return responseForError(error);
  }
}
