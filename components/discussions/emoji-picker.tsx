"use client";

import { SmilePlus } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";

/** The reactions offered: a small curated set, with names for assistive technology. */
export const REACTION_EMOJIS: { emoji: string; name: string }[] = [
  { emoji: "👍", name: "Thumbs up" },
  { emoji: "👎", name: "Thumbs down" },
  { emoji: "😄", name: "Laugh" },
  { emoji: "🎉", name: "Hooray" },
  { emoji: "😕", name: "Confused" },
  { emoji: "❤️", name: "Heart" },
  { emoji: "🚀", name: "Rocket" },
  { emoji: "👀", name: "Eyes" },
];

export const emojiName = (emoji: string) => REACTION_EMOJIS.find((each) => each.emoji === emoji)?.name ?? emoji;

const COLUMNS = 4;

/**
 * A button opening a grid of emojis: arrow keys move between them (one Tab stop), Enter or Space
 * picks one, Escape closes and gives focus back to the button. The grid is as wide as its
 * emojis (`w-max`), not as its toggle's narrow box, where its buttons would overlap.
 */
export function EmojiPicker({ onPick, disabled, label = "Add a reaction" }: { onPick: (emoji: string) => void; disabled?: boolean; label?: string }) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const toggle = useRef<HTMLButtonElement>(null);
  const options = useRef<(HTMLButtonElement | null)[]>([]);
  const box = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (open) options.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    // A click elsewhere closes the picker.
    const onPointer = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  function close() {
    setOpen(false);
    toggle.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const last = REACTION_EMOJIS.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: Math.min(last, active + 1),
      ArrowLeft: Math.max(0, active - 1),
      ArrowDown: Math.min(last, active + COLUMNS),
      ArrowUp: Math.max(0, active - COLUMNS),
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]!);
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === "Tab") setOpen(false);
  }

  return (
    <div ref={box} className="relative">
      <button
        ref={toggle}
        type="button"
        disabled={disabled}
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        title={label}
        onClick={() => {
          setActive(0);
          setOpen(!open);
        }}
        className="inline-flex h-7 items-center rounded-full border border-slate-200 px-2 text-slate-500 hover:border-slate-300 hover:text-slate-800 disabled:opacity-50"
      >
        <SmilePlus aria-hidden className="size-4" />
      </button>
      {open && (
        <div
          id={id}
          role="group"
          aria-label="Reactions"
          onKeyDown={onKeyDown}
          className="absolute bottom-full left-0 z-30 mb-1 grid w-max grid-cols-4 gap-1 rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          {REACTION_EMOJIS.map((each, index) => (
            <button
              key={each.emoji}
              ref={(button) => {
                options.current[index] = button;
              }}
              type="button"
              tabIndex={index === active ? 0 : -1}
              aria-label={each.name}
              title={each.name}
              onClick={() => {
                onPick(each.emoji);
                close();
              }}
              className="flex size-8 items-center justify-center rounded-md text-lg hover:bg-slate-100 focus:bg-indigo-50 focus:outline-2 focus:outline-indigo-500"
            >
              <span aria-hidden>{each.emoji}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
