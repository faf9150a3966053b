import { serveSite } from "@/server/sites/serve/handler";

// Published docs sites at /<basename>/… (custom hostnames and proxy paths are rewritten here by
// proxy.ts). The app's own top-level routes (RESERVED_BASENAMES) are static and win over this one.
const handle = (request: Request) => serveSite(request);

export const dynamic = "force-dynamic";
export { handle as GET, handle as HEAD, handle as POST };
