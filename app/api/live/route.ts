import { requestActor } from "@/server/auth/request-actor";
import { openLiveStream } from "@/server/api/live-stream";

// Server-sent events of live updates: server/api/live-stream.ts.
export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  return openLiveStream(request, await requestActor(request.headers, "session"));
}
