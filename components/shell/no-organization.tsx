"use client";

import { MAIN_CONTENT_ID } from "@/components/ui/skip-link";
import { Building2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { CreateOrganizationDialog } from "./create-organization-dialog";

/** The signed-in home of a user who belongs to no organization yet. */
export function NoOrganization() {
  const [creating, setCreating] = useState(false);
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
      </div>
      <CreateOrganizationDialog open={creating} onClose={() => setCreating(false)} />
    </main>
  );
}
