import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { responseForError } from "@/server/api/errors";
import { authOptions } from "@/server/auth/next-auth";
import { BODY_LIMITS, readBody } from "@/server/http/read-body";

const nextAuth = NextAuth(authOptions);

/** next-auth reads form bodies whole: it is given the body once read up to the sign-in limit. */
async function handler(request: NextRequest, context: { params: Promise<{ nextauth: string[] }> }): Promise<Response> {
  if (request.method !== "POST") return nextAuth(request, context);
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await readBody(request, BODY_LIMITS.auth);
  } catch (error) {
    return responseForError(error);
  }
  return nextAuth(new NextRequest(request.url, { method: "POST", headers: request.headers, body }), context);
}

export { handler as GET, handler as POST };
