"use client";

import clsx from "clsx";
import { EmojiPicker, emojiName } from "./emoji-picker";
import { reactedBy, type Reaction } from "./types";

const whoReacted = (reaction: Reaction) => {
  const names = reaction.users.map((each) => each.user.displayName);
  return names.length > 3 ? `${names.slice(0, 3).join(", ")} and ${names.length - 3} more` : names.join(", ");
};

/**
 * A comment's reactions as toggle chips (pressed when yours, with who reacted in the tooltip) and
 * the picker to add one; without `canReact` the chips are shown but not pressable.
 */
export function Reactions({
  reactions,
  userId,
  canReact,
  pending,
  onToggle,
}: {
  reactions: Reaction[];
  userId?: string;
  canReact: boolean;
  pending: boolean;
  onToggle: (emoji: string, add: boolean) => void;
}) {
  if (reactions.length === 0 && !canReact) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {reactions.map((reaction) => {
        const mine = reactedBy(reaction, userId);
        const who = whoReacted(reaction);
        return (
          <button
            key={reaction.emoji}
            type="button"
            disabled={!canReact || pending}
            aria-pressed={mine}
            aria-label={`${emojiName(reaction.emoji)}: ${reaction.count} (${who})`}
            title={`${emojiName(reaction.emoji)} — ${who}`}
            onClick={() => onToggle(reaction.emoji, !mine)}
            className={clsx(
              "inline-flex h-7 items-center gap-1 rounded-full border px-2 text-xs font-medium disabled:cursor-default",
              mine ? "border-indigo-300 bg-indigo-50 text-indigo-800" : "border-slate-200 bg-white text-slate-700 enabled:hover:border-slate-300",
            )}
          >
            <span aria-hidden>{reaction.emoji}</span>
            {reaction.count}
          </button>
        );
      })}
      {canReact && <EmojiPicker disabled={pending} onPick={(emoji) => onToggle(emoji, !reactions.some((each) => each.emoji === emoji && reactedBy(each, userId)))} />}
    </div>
  );
}
