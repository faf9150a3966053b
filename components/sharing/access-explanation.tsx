"use client";

import { useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { CircleCheck } from "lucide-react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import type { AccessSource } from "@/server/grants/explain-access";
import type { ContentTarget } from "@/server/policies/grant";
import { roleLabel } from "./roles";

const levelsUp = (count: number) => (count === 0 ? "this item itself" : count === 1 ? "one level up" : `${count} levels up`);
const itemName = (on: { type: string; title: string }) => `${on.type} “${on.title}”`;

/** A source in words: where it comes from, and what it gives. */
function describe(source: AccessSource): { what: string; gives: string } {
  switch (source.kind) {
    case "organization-role":
      if (source.role === "admin") return { what: "Organization role: Admin", gives: "Admins of the organization administer all its content." };
      if (source.role === null) return { what: "A guest of the organization", gives: "Guests see only what is shared with them or their teams." };
      return {
        what: `Organization role: ${roleLabel(source.role)}`,
        gives: source.gives ? `Gives ${roleLabel(source.gives)}: no default level is set on the way up.` : "A default level below decides instead, within this role.",
      };
    case "default-level":
      return {
        what: `Default level of the ${itemName(source.on)} (${levelsUp(source.levelsUp)}): ${source.level === null ? "no access" : roleLabel(source.level as never)}`,
        gives: source.gives ? `Gives ${roleLabel(source.gives)}${source.level !== null && source.gives !== source.level ? ", capped by the organization role" : ""}.` : "Gives no access by default.",
      };
    case "grant":
      return {
        what: source.team ? `Shared with the team “${source.team.title}” on the ${itemName(source.on)}` : `Shared with them on the ${itemName(source.on)}`,
        gives: `Gives ${roleLabel(source.gives)}.`,
      };
  }
}

/** Why a member has the access they have to a space, collection or site, from `…/permissions/explain` (or the sharing router for a site). */
export function AccessExplanation({ target, userId }: { target: ContentTarget; userId: string }) {
  const trpc = useTRPC();
  const explanation = useQuery(trpc.sharing.explain.queryOptions({ target, user: userId }));
  if (explanation.isPending) return <LoadingState label="Finding out why…" />;
  if (explanation.isError) return <ErrorState message={errorMessage(explanation.error)} onRetry={() => void explanation.refetch()} />;
  const { user, role, sources } = explanation.data;
  return (
    <div className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
      <p className="font-medium text-slate-900">
        {role ? `${user.displayName} has ${roleLabel(role)} access` : `${user.displayName} has no access`}
        {role ? ", because:" : ": nothing gives them any."}
      </p>
      <ul aria-label={`Why ${user.displayName} has this access`} className="space-y-1.5">
        {sources.map((source, index) => {
          const { what, gives } = describe(source);
          return (
            <li key={index} className={clsx("flex gap-2", source.decisive ? "text-slate-900" : "text-slate-600")}>
              <CircleCheck aria-hidden className={clsx("mt-0.5 size-4 shrink-0", source.decisive ? "text-emerald-600" : "text-slate-300")} />
              <span>
                <span className="block">
                  {what}
                  {source.decisive && <span className="ml-1.5 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-800">gives this access</span>}
                </span>
                <span className="block text-xs text-slate-500">{gives}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
