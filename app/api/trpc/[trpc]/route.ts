import { handleTrpcRequest } from "@/server/trpc/http-handler";

// Limits, session and body reading: server/trpc/http-handler.ts.
export const dynamic = "force-dynamic";
export { handleTrpcRequest as GET, handleTrpcRequest as POST };
