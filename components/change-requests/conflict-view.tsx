"use client";

import { GitPullRequestArrow, PencilLine, TriangleAlert, X } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";

export type ConflictItem =
  | { kind: "page"; pageId: string; title: string; reason: string }
  | { kind: "file"; fileId: string }
  | { kind: "variables"; names: string }
  | { kind: "other"; text: string };

/**
 * The pages, files and space variables a 409 names. The server writes them as `Conflicts: page
 * "Title" (id): reason; file id (changed on both sides); space variables a, b (changed on both
 * sides).`; anything else is kept as text.
 */
export function parseConflicts(message: string): ConflictItem[] {
  const body = message.replace(/^Conflicts:\s*/, "").replace(/\.$/, "");
  if (body === message) return [{ kind: "other", text: message }];
  return body.split(/;\s+(?=page "|file |space variables )/).map((part): ConflictItem => {
    const page = /^page "(.*)" \(([^()\s]+)\): (.+)$/s.exec(part);
    if (page) return { kind: "page", title: page[1]!, pageId: page[2]!, reason: page[3]! };
    const file = /^file (\S+) \(changed on both sides\)$/.exec(part);
    if (file) return { kind: "file", fileId: file[1]! };
    const variables = /^space variables (.+) \(changed on both sides\)$/.exec(part);
    if (variables) return { kind: "variables", names: variables[1]! };
    return { kind: "other", text: part };
  });
}

const reasons: Record<string, string> = {
  content: "its text was changed on both sides",
  title: "its title was changed on both sides",
  slug: "its slug was changed on both sides",
  emoji: "its emoji was changed on both sides",
  description: "its description was changed on both sides",
  icon: "its icon was changed on both sides",
  hidden: "whether it is hidden was changed on both sides",
  noIndex: "whether search leaves it out was changed on both sides",
  noRobotsIndex: "whether search engines index it was changed on both sides",
  layout: "its layout was changed on both sides",
  cover: "its cover was changed on both sides",
  move: "it was moved on both sides",
  "delete-edit": "it was deleted on one side and edited on the other",
  "add-add": "it was added on both sides",
  "parent-deleted": "its parent page was deleted on the other side",
  cycle: "the moves on both sides would nest it inside itself",
  "duplicate-slug": "another page beside it now has the same slug",
};
const reasonText = (reason: string) => {
  const variables = /^variables (.+)$/.exec(reason);
  if (variables) return `its variables ${variables[1]} were changed on both sides`;
  return reasons[reason] ?? reason;
};

/** What stopped a merge or an update: the conflicting pages, and the ways forward. */
export function ConflictView({
  action,
  message,
  editHref,
  canEdit,
  updating,
  onUpdateFromMain,
  onDismiss,
}: {
  action: "merge" | "update";
  message: string;
  editHref: string;
  canEdit: boolean;
  updating: boolean;
  onUpdateFromMain: () => void;
  onDismiss: () => void;
}) {
  const items = parseConflicts(message);
  return (
    <section role="alert" aria-labelledby="conflict-title" className="rounded-lg border border-red-200 bg-red-50 p-4">
      <div className="flex items-start gap-3">
        <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-red-600" />
        <div className="min-w-0 flex-1 space-y-3">
          <div>
            <h2 id="conflict-title" className="font-semibold text-red-900">
              {action === "merge" ? "This change request cannot be merged: it conflicts with the space's content" : "Updating from main conflicts with this change request"}
            </h2>
            <p className="mt-1 text-sm text-red-800">
              The pages below were changed both here and in the space since this change request started. Nothing was changed. Edit these pages so that
              the two versions agree, then try again.
            </p>
          </div>
          <ul aria-label="Conflicts" className="space-y-1 text-sm">
            {items.map((item, index) => (
              <li key={index} className="flex flex-wrap items-baseline gap-x-2 rounded-md bg-white/70 px-3 py-1.5 ring-1 ring-inset ring-red-200">
                {item.kind === "page" ? (
                  <>
                    <span className="font-medium text-slate-900">{item.title || "Untitled page"}</span>
                    <span className="text-red-700">{reasonText(item.reason)}</span>
                  </>
                ) : item.kind === "file" ? (
                  <>
                    <span className="font-medium text-slate-900">File {item.fileId}</span>
                    <span className="text-red-700">changed on both sides</span>
                  </>
                ) : item.kind === "variables" ? (
                  <>
                    <span className="font-medium text-slate-900">Space variables {item.names}</span>
                    <span className="text-red-700">changed on both sides</span>
                  </>
                ) : (
                  <span className="text-slate-800">{item.text}</span>
                )}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            {canEdit && (
              <Link
                href={editHref}
                className="inline-flex items-center gap-2 rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-500"
              >
                <PencilLine aria-hidden className="size-4" />
                Edit the pages
              </Link>
            )}
            {action === "merge" && canEdit && (
              <Button variant="secondary" loading={updating} onClick={onUpdateFromMain}>
                <GitPullRequestArrow aria-hidden className="size-4" />
                Update from main
              </Button>
            )}
            <Button variant="ghost" onClick={onDismiss}>
              <X aria-hidden className="size-4" />
              Dismiss
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
