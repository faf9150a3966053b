"use client";

import clsx from "clsx";
import { Users } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { usePathname } from "next/navigation";

/** The pages of an organization's people section, in the order of its tabs. */
const PEOPLE_PAGES = [
  { path: "", label: "Members" },
  { path: "/invites", label: "Invites" },
  { path: "/teams", label: "Teams" },
  { path: "/sso", label: "Single sign-on" },
  { path: "/merge-rules", label: "Merge rules" },
  { path: "/audit", label: "Audit log" },
] as const;

export function peopleHref(organizationId: string, page: (typeof PEOPLE_PAGES)[number]["path"] = ""): string {
  return `/o/${organizationId}/people${page}`;
}

/** The section's heading and its tabs (a navigation landmark of links, the current one marked). */
export function PeopleNav({ organizationId }: { organizationId: string }) {
  const pathname = usePathname();
  return (
    <div className="space-y-5">
      <div className="flex items-center gap-3">
        <span aria-hidden className="grid size-9 place-items-center rounded-md bg-slate-100 text-slate-600">
          <Users className="size-5" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">People</h1>
      </div>
      <nav aria-label="People" className="scroll-hint-x -mb-px flex gap-1 overflow-x-auto border-b border-slate-200">
        {PEOPLE_PAGES.map((page) => {
          const href = peopleHref(organizationId, page.path);
          const current = pathname === href;
          return (
            <IntentLink
              key={page.path}
              href={href}
              aria-current={current ? "page" : undefined}
              className={clsx(
                "whitespace-nowrap border-b-2 px-3 py-2 text-sm",
                current ? "border-indigo-600 font-medium text-indigo-900" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
              )}
            >
              {page.label}
            </IntentLink>
          );
        })}
      </nav>
    </div>
  );
}
