import { v1Router } from "@/server/api/v1";

// All of /v1 goes through one router so that authentication, validation, the error
// envelope and unknown paths are handled by one mechanism (server/api/router.ts).
const handle = (request: Request) => v1Router.handle(request);

export const dynamic = "force-dynamic";
export { handle as DELETE, handle as GET, handle as PATCH, handle as POST, handle as PUT };
