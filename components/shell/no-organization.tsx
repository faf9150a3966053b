"use client";

import { MAIN_CONTENT_ID } from "@/components/ui/skip-link";
import { Building2 } from "lucide-react";
import { useState } from "react";
import { daysLeftLabel, useRestorableOrganizations } from "@/components/organization-settings/restore-organization";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/trpc-error";
import { CreateOrganizationDialog } from "./create-organization-dialog";

/** The signed-in home of a user who belongs to no organization yet. */
export function NoOrganization() {
  const [creating, setCreating] = useState(false);
  const restorable = useRestorableOrganizations();
  return (
    <main id={MAIN_CONTENT_ID} className="flex flex-1 items-center justify-center px-4 py-16">
      <div className="flex max-w-md flex-col items-center text-center">
        <span aria-hidden className="grid size-12 place-items-center rounded-full bg-indigo-50 text-indigo-600">
          <Building2 className="size-6" />
        </span>
        <h1 className="mt-4 text-xl font-semibold text-slate-900">You are not in any organization yet</h1>
        <p className="mt-2 text-sm text-slate-500">
          Organizations hold your collections and spaces. Create one to start writing, or ask an admin of an existing one to
          invite you.
        </p>
        <Button className="mt-6" onClick={() => setCreating(true)}>
          Create organization
        </Button>
        {restorable.items.length > 0 && (
          <section aria-labelledby="restorable-heading" className="mt-10 w-full text-left">
            <h2 id="restorable-heading" className="text-sm font-semibold text-slate-900">
              Deleted organizations you can restore
            </h2>
            <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
              {restorable.items.map((organization) => (
                <li key={organization.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium break-words text-slate-900">{organization.title}</p>
                    <p className="text-slate-500">Deleted, {daysLeftLabel(organization.daysLeft)}</p>
                  </div>
                  <Button variant="secondary" loading={restorable.restore.isPending && restorable.restore.variables?.organizationId === organization.id} onClick={() => restorable.restore.mutate({ organizationId: organization.id })} aria-label={`Restore ${organization.title}`}>
                    Restore
                  </Button>
                </li>
              ))}
            </ul>
            {restorable.restore.error && (
              <p role="alert" className="mt-2 text-sm text-red-700">
                {errorMessage(restorable.restore.error)}
              </p>
            )}
          </section>
        )}
      </div>
      <CreateOrganizationDialog open={creating} onClose={() => setCreating(false)} />
    </main>
  );
}
