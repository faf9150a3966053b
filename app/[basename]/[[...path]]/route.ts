import { serveSite } from "@/server/sites/serve/handler";

// Published docs sites at /<basename>/… (custom hostnames and proxy paths are rewritten here by the
// app server, server/sites/serve/site-hosts.ts). The app's own top-level routes (RESERVED_BASENAMES)
// are static and win over this one.
type Context = { params: Promise<{ basename: string; path?: string[] }> };

// The site's path is the one Next routed, decoded into segments and encoded again here.
async function handle(request: Request, { params }: Context) {
  const { basename, path = [] } = await params;
  return serveSite(request, `/${[basename, ...path].map(encodeURIComponent).join("/")}`);
}

export const dynamic = "force-dynamic";
export { handle as GET, handle as HEAD, handle as POST };
