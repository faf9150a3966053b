import type { NextAuthOptions, Session } from "next-auth";
import { getServerSession } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { cache } from "react";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address";
import { db } from "../db/client";
import type { Actor } from "./actor";
import { redeemSsoTicket, SSO_TICKET_COOKIE } from "../sso/tickets";
import { sessionIsCurrent } from "./sessions";
import { verifyCredentials } from "./sign-in";
import { SignInLockedError } from "./sign-in-throttle";

/**
 * Browser sign-in: email and password, or single sign-on; sessions in a signed JWT cookie (no
 * server state). A single sign-on is verified by the ACS (server/sso/consume-response.ts), which
 * leaves a one-time ticket in an HttpOnly cookie; the `saml` sign-in redeems it for a session that
 * records `via: "sso"` and the organization whose identity provider signed the user in.
 */
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
    CredentialsProvider({
      id: "saml",
      name: "Single sign-on",
      credentials: {},
      async authorize(_credentials, req) {
        const ticket = cookieValue(req.headers?.cookie, SSO_TICKET_COOKIE);
        const redeemed = ticket ? await redeemSsoTicket(ticket) : null;
        if (!redeemed) return null;
        const user = await db().user.findUnique({ where: { id: redeemed.userId } });
        if (!user || user.disabledAt) return null;
        return { id: user.id, email: user.email, name: user.displayName, sessionVersion: user.sessionVersion, via: "sso", ssoOrganizationId: redeemed.organizationId };
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      // At sign-in: who, how, and the session version it begins with (server/auth/sessions.ts).
      if (user) {
        const signedIn = user as { sessionVersion?: number; via?: Actor["via"]; ssoOrganizationId?: string };
        token.sub = user.id;
        token.sv = signedIn.sessionVersion ?? 0;
        token.via = signedIn.via ?? "session";
        if (signedIn.ssoOrganizationId) token.sso = signedIn.ssoOrganizationId;
      }
      return token;
    },
    session({ session, token }) {
      if (session.user && token.sub) (session.user as { id?: string }).id = token.sub;
      // Read back by getSessionActor, on the server only.
      return Object.assign(session, { sv: token.sv, via: token.via, sso: token.sso });
    },
  },
};

/**
 * The signed-in browser user as an Actor, once per request: only while the session still counts
 * (the user neither disabled nor their sessions ended since it began).
 */
export const getSessionActor = cache(async (): Promise<Actor | null> => {
  const session = await getServerSession(authOptions);
  const claims = session as (Session & { sv?: number; via?: Actor["via"]; sso?: string }) | null;
  const userId = (session?.user as { id?: string } | undefined)?.id;
  if (!userId || !(await sessionIsCurrent(db(), userId, claims?.sv ?? 0))) return null;
  if (claims?.via === "sso" && typeof claims.sso === "string") return { userId, via: "sso", ssoOrganizationId: claims.sso };
  return { userId, via: "session" };
});

/** One cookie of a Cookie header. */
function cookieValue(header: unknown, name: string): string | undefined {
  if (typeof header !== "string") return undefined;
  for (const part of header.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}
