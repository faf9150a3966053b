import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { LAST_ORGANIZATION_COOKIE } from "@/components/shell/last-organization";
import { OrganizationShell } from "@/components/shell/organization-shell";
import { SIDEBAR_FOLDED_COOKIE } from "@/components/shell/sidebar-fold";
import { MAIN_CONTENT_ID } from "@/components/ui/skip-link";
import { pageContext } from "@/server/context";
import { getOrganization, listOrganizations } from "@/server/organizations/queries";

/** The organization whose sidebar the settings show: the last one opened, else the first, if the user has any. */
async function sidebarOrganization(): Promise<string | null> {
  const ctx = await pageContext();
  if (!ctx) return null;
  const last = (await cookies()).get(LAST_ORGANIZATION_COOKIE)?.value;
  // A left or deleted organization is simply not found.
  const reachable = last ? await getOrganization(ctx, last).catch(() => null) : null;
  if (reachable) return reachable.id;
  return (await listOrganizations(ctx, { limit: 1 })).items[0]?.id ?? null;
}

/** The user's own settings (profile, password, API tokens): one column, in the app's frame with a sidebar. */
export default async function SettingsLayout({ children }: { children: ReactNode }) {
  const organizationId = await sidebarOrganization();
  if (!organizationId) {
    return (
      <main id={MAIN_CONTENT_ID} className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
        {children}
      </main>
    );
  }
  return (
    <OrganizationShell organizationId={organizationId} initiallyFolded={(await cookies()).get(SIDEBAR_FOLDED_COOKIE)?.value === "1"}>
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">{children}</div>
    </OrganizationShell>
  );
}
