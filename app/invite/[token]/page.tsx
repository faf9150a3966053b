import { MAIN_CONTENT_ID } from "@/components/ui/skip-link";
import type { Metadata } from "next";
import { IntentLink } from "@/components/ui/intent-link";
import { InviteAcceptance } from "@/components/auth/invite-acceptance";
import { Wordmark } from "@/components/auth/wordmark";
import { roleLabel } from "@/components/people/sso/role-options";
import { pageActor } from "@/server/auth/request-actor";
import { describeInvite } from "@/server/invites/queries";

export const metadata: Metadata = { title: "Invitation" };
export const dynamic = "force-dynamic";

/**
 * The page an invite link opens, signed in or not (the link's token is the credential): who invites
 * to what, and the way in — join as the signed-in user, sign in first when the invited address has
 * an account, or make the account (name and password) and land in the organization signed in.
 */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invite = await describeInvite(token, await pageActor());
  const signInHref = `/login?callbackUrl=${encodeURIComponent(`/invite/${token}`)}`;

  let body: React.ReactNode;
  if (!invite) {
    body = <Problem title="This invite link does not work">The link is wrong, or the invitation was revoked or already used. Ask an admin of the organization for a new one.</Problem>;
  } else if (invite.status === "expired") {
    body = <Problem title="This invitation has expired">Ask an admin of {invite.organization.title} for a new one.</Problem>;
  } else if (invite.status === "links-off") {
    body = <Problem title="Invite links are turned off">{invite.organization.title} does not accept invite links at the moment. Ask one of its admins to invite you.</Problem>;
  } else {
    const role = invite.role ? `with the ${roleLabel(invite.role)} role` : "as a guest";
    body = (
      <>
        <h1 className="mb-1 text-lg font-semibold text-slate-900">Join {invite.organization.title}</h1>
        <p className="mb-6 text-sm text-slate-600">
          You are invited to {invite.organization.title} on Quire {role}
          {invite.email ? ` (for ${invite.email})` : ""}.
        </p>
        {invite.signedIn && !invite.signedIn.mayAccept ? (
          <Problem title="This invitation is for someone else">
            You are signed in as {invite.signedIn.email}. Sign out, then open the link again and sign in as {invite.email}.
          </Problem>
        ) : invite.signedIn ? (
          <InviteAcceptance token={token} mode={{ kind: "join", name: invite.signedIn.displayName }} />
        ) : invite.accountExists ? (
          <p className="text-sm text-slate-700">
            An account exists for {invite.email}.{" "}
            <IntentLink href={signInHref} className="font-medium text-indigo-700 underline">
              Sign in to accept
            </IntentLink>
          </p>
        ) : (
          <>
            <InviteAcceptance token={token} mode={{ kind: "sign-up", email: invite.email }} />
            <p className="mt-4 text-sm text-slate-600">
              Already have an account?{" "}
              <IntentLink href={signInHref} className="font-medium text-indigo-700 underline">
                Sign in to accept
              </IntentLink>
            </p>
          </>
        )}
      </>
    );
  }

  return (
    <main id={MAIN_CONTENT_ID} className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex justify-center">
          <Wordmark />
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{body}</div>
      </div>
    </main>
  );
}

function Problem({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div role="alert" className="space-y-1">
      <h1 className="text-lg font-semibold text-slate-900">{title}</h1>
      <p className="text-sm text-slate-600">{children}</p>
    </div>
  );
}
