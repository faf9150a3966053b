import { responseForError } from "@/server/api/errors";
import { pdfForLink } from "@/server/pdf/change-request-pdf";
import { pdfContentDisposition } from "@/server/pdf/content-disposition";

export const dynamic = "force-dynamic";

/**
 * Serves a signed PDF link (server/pdf/pdf-token.ts). The signed link is the credential, so no
 * session or API token is asked for; the service checks again that its user may read the content.
 */
export async function GET(_request: Request, context: { params: Promise<{ token: string }> }): Promise<Response> {
  try {
    const { token } = await context.params;
    const pdf = await pdfForLink(token);
    return new Response(new Uint8Array(pdf.bytes), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Length": String(pdf.bytes.length),
        "Content-Disposition": pdfContentDisposition("inline", pdf.filename),
        // Personal content behind a bearer-like link: never cached by shared caches, never sent on as a Referer.
        "Cache-Control": "private, no-store",
        "Referrer-Policy": "no-referrer",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    return responseForError(error);
  }
}
