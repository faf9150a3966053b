import type { ReactNode } from "react";
import { PeopleNav } from "@/components/people/people-nav";

/** An organization's people section: members, invites, teams, single sign-on and the audit log. */
export default async function PeopleLayout({ children, params }: { children: ReactNode; params: Promise<{ organizationId: string }> }) {
  const { organizationId } = await params;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-8">
      <PeopleNav organizationId={organizationId} />
      {children}
    </div>
  );
}
