"use client";

import clsx from "clsx";
import { ChevronRight, FileText } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { useId, useState } from "react";
import { emojiCharacters } from "@/components/space/emoji";
import type { PageSummary } from "./page-navigation";

type Branch = { page: PageSummary; children: Branch[] };

/** Pages in reading order with their depths, as nested branches. */
export function nestPages(pages: PageSummary[]): Branch[] {
  const roots: Branch[] = [];
  const stack: Branch[] = [];
  for (const page of pages) {
    const branch: Branch = { page, children: [] };
    stack.length = Math.min(page.depth, stack.length);
    const parent = stack[stack.length - 1];
    (parent ? parent.children : roots).push(branch);
    stack.push(branch);
  }
  return roots;
}

export function PageIcon({ emoji }: { emoji: string | null }) {
  const characters = emoji ? emojiCharacters(emoji) : "";
  return characters ? (
    <span aria-hidden className="w-4 shrink-0 text-center text-sm">
      {characters}
    </span>
  ) : (
    <FileText aria-hidden className="size-4 shrink-0 text-slate-400" />
  );
}

/** The space's pages as nested lists of links; the page on screen is marked current. */
export function PageTreeNav({ pages, currentId, hrefOf, label = "Pages" }: { pages: PageSummary[]; currentId?: string; hrefOf: (pageId: string) => string; label?: string }) {
  return (
    <nav aria-label={label}>
      <BranchList branches={nestPages(pages)} currentId={currentId} hrefOf={hrefOf} />
    </nav>
  );
}

function BranchList({ branches, currentId, hrefOf, nested = false }: { branches: Branch[]; currentId?: string; hrefOf: (pageId: string) => string; nested?: boolean }) {
  return (
    <ul className={clsx("space-y-0.5", nested && "ml-3 border-l border-slate-200 pl-2")}>
      {branches.map((branch) => (
        <BranchItem key={branch.page.id} branch={branch} currentId={currentId} hrefOf={hrefOf} />
      ))}
    </ul>
  );
}

/** A page's link and, when it has subpages, a chevron folding them (open at first). */
function BranchItem({ branch: { page, children }, currentId, hrefOf }: { branch: Branch; currentId?: string; hrefOf: (pageId: string) => string }) {
  const [open, setOpen] = useState(true);
  const titleId = useId();
  return (
    <li>
      <div className="flex items-center gap-0.5">
        <IntentLink
          href={hrefOf(page.id)}
          aria-current={page.id === currentId ? "page" : undefined}
          className={clsx(
            "flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1.5 text-sm",
            page.id === currentId ? "bg-indigo-50 font-medium text-indigo-900" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
          )}
        >
          <PageIcon emoji={page.emoji} />
          <span id={titleId} className="min-w-0 truncate">
            {page.title || "Untitled page"}
          </span>
        </IntentLink>
        {children.length > 0 && (
          <button
            type="button"
            // Named without the title, which stays the link's own name.
            aria-label="Subpages"
            aria-describedby={titleId}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
            className="grid size-7 shrink-0 place-items-center rounded text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          >
            <ChevronRight aria-hidden className={clsx("size-4 transition-transform", open && "rotate-90")} />
          </button>
        )}
      </div>
      {children.length > 0 && open && <BranchList branches={children} currentId={currentId} hrefOf={hrefOf} nested />}
    </li>
  );
}
