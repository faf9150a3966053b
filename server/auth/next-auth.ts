import type { NextAuthOptions, Session } from "next-auth";
import { getServerSession } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { cache } from "react";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address";
import { db } from "../db/client";
import type { Actor } from "./actor";
import { sessionIsCurrent } from "./sessions";
import { verifyCredentials } from "./sign-in";
import { SignInLockedError } from "./sign-in-throttle";

/** Browser sign-in: email and password, sessions in a signed JWT cookie (no server state). */
export const authOptions: NextAuthOptions = {
  session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
  pages: { signIn: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      // The message of an error thrown here is the error the sign-in form shows: a lock's says when to try again.
      async authorize(credentials, req) {
        if (!credentials?.email || !credentials.password) return null;
        // Set by the app server (scripts/serve.ts); absent only when Next.js is run without it.
        const address = req.headers?.[CLIENT_ADDRESS_HEADER];
        try {
          const user = await verifyCredentials(credentials.email, credentials.password, { clientAddress: typeof address === "string" ? address : "unknown" });
          return user ? { id: user.id, email: user.email, name: user.displayName, sessionVersion: user.sessionVersion } : null;
        } catch (error) {
          if (error instanceof SignInLockedError) throw error;
          console.error("Sign-in failed:", error);
          throw new Error("Signing in failed. Please try again.");
        }
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      // At sign-in: who, and the session version it begins with (server/auth/sessions.ts).
      if (user) {
        token.sub = user.id;
        token.sv = (user as { sessionVersion?: number }).sessionVersion ?? 0;
        token.via = (user as { via?: Actor["via"] }).via ?? "session";
      }
      return token;
    },
    session({ session, token }) {
      if (session.user && token.sub) (session.user as { id?: string }).id = token.sub;
      // Read back by getSessionActor, on the server only.
      return Object.assign(session, { sv: token.sv, via: token.via });
    },
  },
};

/**
 * The signed-in browser user as an Actor, once per request: only while the session still counts
 * (the user neither disabled nor their sessions ended since it began).
 */
export const getSessionActor = cache(async (): Promise<Actor | null> => {
  const session = await getServerSession(authOptions);
  const claims = session as (Session & { sv?: number; via?: Actor["via"] }) | null;
  const userId = (session?.user as { id?: string } | undefined)?.id;
  if (!userId || !(await sessionIsCurrent(db(), userId, claims?.sv ?? 0))) return null;
  return { userId, via: claims?.via === "sso" ? "sso" : "session" };
});
