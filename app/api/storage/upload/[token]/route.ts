import { responseForError } from "@/server/api/errors";
import { receiveUpload } from "@/server/storage/uploads/receive-upload";

// The upload URLs generateStorageUploadURL hands out: the token in the path is the authorization.
export const dynamic = "force-dynamic";

export async function PUT(request: Request, { params }: { params: Promise<{ token: string }> }) {
  try {
    return Response.json(await receiveUpload((await params).token, request), { status: 201 });
  } catch (error) {
    return responseForError(error);
  }
}
