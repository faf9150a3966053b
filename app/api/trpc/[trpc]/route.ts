import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { getSessionActor } from "@/server/auth/next-auth";
import { configuredPublicUrl } from "@/server/config";
import { appRouter } from "@/server/trpc/root";

const handler = (request: Request) =>
  fetchRequestHandler({
    endpoint: "/api/trpc",
    req: request,
    router: appRouter,
    createContext: async () => ({
      actor: await getSessionActor(),
      baseUrl: configuredPublicUrl() ?? new URL(request.url).origin,
    }),
  });

export const dynamic = "force-dynamic";
export { handler as GET, handler as POST };
