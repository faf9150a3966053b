import { responseForError } from "@/server/api/errors";
import { configuredPublicUrl } from "@/server/config";
import { urlsFor } from "@/server/http/urls";
import { presentReceivedUpload } from "@/server/presenters/storage-upload";
import { receiveUpload } from "@/server/storage/uploads/receive-upload";

// The upload URLs generateStorageUploadURL hands out: the token in the path is the authorization (no
// cookie is read), so, like a storage bucket's signed URL, any origin may PUT to one.
export const dynamic = "force-dynamic";

const CORS = { "Access-Control-Allow-Origin": "*", "Access-Control-Allow-Methods": "PUT", "Access-Control-Allow-Headers": "Content-Type", "Access-Control-Max-Age": "600" };

export async function PUT(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const urls = urlsFor(configuredPublicUrl() ?? new URL(request.url).origin);
  const response = await receiveUpload((await params).token, request).then(
    (stored) => Response.json(presentReceivedUpload(stored, urls), { status: 201 }),
    (error: unknown) => responseForError(error),
  );
  for (const [name, value] of Object.entries(CORS)) response.headers.set(name, value);
  return response;
}

export function OPTIONS() {
  return new Response(null, { status: 204, headers: CORS });
}
