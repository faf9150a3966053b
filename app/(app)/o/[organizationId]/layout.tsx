import { cookies } from "next/headers";
import { notFound, redirect } from "next/navigation";
import type { ReactNode } from "react";
import { SsoRequired } from "@/components/auth/sso-required";
import { OrganizationShell } from "@/components/shell/organization-shell";
import { SIDEBAR_FOLDED_COOKIE } from "@/components/shell/sidebar-fold";
import { pageContext } from "@/server/context";
import { AppError } from "@/server/errors";
import { urlsFor } from "@/server/http/urls";
import { getOrganization } from "@/server/organizations/queries";
import { isSsoRefusal } from "@/server/policies/sso";
import { presentSsoLogin } from "@/server/presenters/saml-provider";
import { ssoEntriesOfOrganization } from "@/server/sso/find-sso";
import { ScreenQueries, trpc } from "@/server/trpc/server";

export default async function OrganizationLayout({ children, params }: { children: ReactNode; params: Promise<{ organizationId: string }> }) {
  const { organizationId } = await params;
  const queries = new ScreenQueries();
  const ctx = await pageContext();
  // Layouts render independently of their parent's guard, so this one checks the session too.
  if (!ctx) redirect("/login");
  // The sidebar's content tree comes with the page; asked for beside the check (it fails harmlessly where the check refuses).
  const tree = queries.prefetch(trpc.content.tree.queryOptions({ organizationId }));
  try {
    await getOrganization(ctx, organizationId);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    if (isSsoRefusal(error)) {
      // Relative start URLs: the browser stays on the origin it came by.
      const { title, entries } = await ssoEntriesOfOrganization(organizationId);
      const relative = urlsFor("");
      return <SsoRequired title={title} entries={entries.map((entry) => presentSsoLogin(entry, relative))} callbackUrl={`/o/${organizationId}`} />;
    }
    throw error;
  }
  const [cookieStore] = await Promise.all([cookies(), tree]);
  const folded = cookieStore.get(SIDEBAR_FOLDED_COOKIE)?.value === "1";
  return queries.hydrate(
    <>
      <OrganizationShell organizationId={organizationId} initiallyFolded={folded}>
        {children}
      </OrganizationShell>
    </>
  );
}
