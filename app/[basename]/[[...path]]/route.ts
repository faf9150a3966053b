import { serveSite } from "@/server/sites/serve/handler";

// Published docs sites at /<basename>/… (custom hostnames and proxy paths are rewritten here by
// proxy.ts). The app's own top-level routes (RESERVED_BASENAMES) are static and win over this one.
type Context = { params: Promise<{ basename: string; path?: string[] }> };

// After a rewrite the request keeps the visitor's URL: the site's path is the one Next routed.
async function handle(request: Request, { params }: Context) {
  const { basename, path = [] } = await params;
  return serveSite(request, `/${[basename, ...path].map(encodeURIComponent).join("/")}`);
}

export const dynamic = "force-dynamic";
export { handle as GET, handle as HEAD, handle as POST };
