import { redirect } from "next/navigation";
import { AppShell } from "@/components/shell/app-shell";
import { NoOrganization } from "@/components/shell/no-organization";
import { pageContext } from "@/server/context";
import { listOrganizations } from "@/server/organizations/queries";

/** The entry point: the first organization of the signed-in user, or a way to create one. */
export default async function HomePage() {
  const ctx = await pageContext();
  if (!ctx) redirect("/login");
  const organizations = await listOrganizations(ctx, { limit: 1 });
  const first = organizations.items[0];
  if (first) redirect(`/o/${first.id}`);
  return (
    <AppShell>
      <NoOrganization />
    </AppShell>
  );
}
