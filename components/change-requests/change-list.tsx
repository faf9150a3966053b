"use client";

import clsx from "clsx";
import { Braces, FileImage, FileMinus, FilePen, FilePlus, FileSymlink, Paperclip } from "lucide-react";
import { entryLabel, type ChangeEntry } from "./change-entries";

function EntryIcon({ entry }: { entry: ChangeEntry }) {
  const className = "size-4 shrink-0";
  if (entry.kind === "variables") return <Braces aria-hidden className={clsx(className, "text-amber-600")} />;
  if (entry.kind === "file") {
    const Icon = entry.file.contentType.startsWith("image/") ? FileImage : Paperclip;
    return <Icon aria-hidden className={clsx(className, entry.change === "deleted" ? "text-red-600" : "text-emerald-600")} />;
  }
  if (entry.created) return <FilePlus aria-hidden className={clsx(className, "text-emerald-600")} />;
  if (entry.deleted) return <FileMinus aria-hidden className={clsx(className, "text-red-600")} />;
  if (!entry.edited) return <FileSymlink aria-hidden className={clsx(className, "text-sky-600")} />;
  return <FilePen aria-hidden className={clsx(className, "text-amber-600")} />;
}

/**
 * The pages, files and space variables a change request changes. Each page is a toggle button showing its diff;
 * the list is a plain sequence of buttons, so Tab moves through it and Enter or Space selects.
 */
export function ChangeList({ entries, selected, onSelect }: { entries: ChangeEntry[]; selected?: string; onSelect: (key: string) => void }) {
  return (
    <ul aria-label="Changes" className="space-y-0.5">
      {entries.map((entry) => {
        const name = entry.kind === "variables" ? "Space variables" : entry.kind === "file" ? entry.file.name : entry.page.title || "Untitled page";
        const label = entryLabel(entry);
        return (
          <li key={entry.key}>
            <button
              type="button"
              aria-pressed={selected === entry.key}
              onClick={() => onSelect(entry.key)}
              className={clsx(
                "flex w-full items-start gap-2 rounded-md px-2 py-1.5 text-left text-sm",
                selected === entry.key ? "bg-indigo-50 text-indigo-900" : "text-slate-700 hover:bg-slate-100",
              )}
            >
              <span className="mt-0.5">
                <EntryIcon entry={entry} />
              </span>
              <span className="min-w-0 flex-1">
                <span className={clsx("block truncate font-medium", entry.kind === "page" && entry.deleted && "line-through decoration-slate-400")}>{name}</span>
                <span className="block truncate text-xs text-slate-600">
                  {label}
                  {entry.kind === "page" && entry.page.path ? ` · ${entry.page.path}` : ""}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
