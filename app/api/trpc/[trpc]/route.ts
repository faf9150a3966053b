import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { responseForError } from "@/server/api/errors";
import { getSessionActor } from "@/server/auth/next-auth";
import { configuredPublicUrl } from "@/server/config";
import { appRouter } from "@/server/trpc/root";
import { withBoundedJsonBody } from "@/server/validation/body-text";

const handler = async (request: Request) => {
  let bounded: Request;
  try {
    // tRPC parses the body itself, whatever its size or shape: it is bounded as /v1 bounds its own first.
    bounded = await withBoundedJsonBody(request);
  } catch (error) {
    return responseForError(error);
  }
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: bounded,
    router: appRouter,
    createContext: async () => ({
      actor: await getSessionActor(),
      baseUrl: configuredPublicUrl() ?? new URL(request.url).origin,
    }),
  });
};

export const dynamic = "force-dynamic";
export { handler as GET, handler as POST };
