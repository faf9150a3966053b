import clsx from "clsx";
import { BookOpen, Folder, FolderOpen } from "lucide-react";
import type { ContentNode } from "./tree-model";

/** A space's emoji, or the icon of its kind. */
export function ContentIcon({ node, open = false, className }: { node: Pick<ContentNode, "type"> & { emoji?: string }; open?: boolean; className?: string }) {
  if (node.type === "space" && node.emoji) {
    return (
      <span aria-hidden className={clsx("inline-flex size-4 shrink-0 items-center justify-center text-sm leading-none", className)}>
        {emojiText(node.emoji)}
      </span>
    );
  }
  const Icon = node.type === "space" ? BookOpen : open ? FolderOpen : Folder;
  return <Icon aria-hidden className={clsx("size-4 shrink-0", node.type === "space" ? "text-slate-500" : "text-amber-600", className)} />;
}

/** Emojis may be stored as characters or as hex code points ("1f389", "1f468-200d-1f4bb"). */
function emojiText(emoji: string): string {
  if (!/^[0-9a-f]{2,6}(-[0-9a-f]{2,6})*$/.test(emoji)) return emoji;
  try {
    return String.fromCodePoint(...emoji.split("-").map((hex) => Number.parseInt(hex, 16)));
  } catch {
    return "";
  }
}
