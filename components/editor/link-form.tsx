"use client";

import { useEffect, useRef, useState } from "react";

/** A link being added or edited: its address, and its text when the link is added at the cursor (no text selected). */
export type LinkDraft = { from: number; to: number; url: string; text: string | null; left: number; top: number };

/**
 * The link form of ⌘/Ctrl+K and the toolbar's Link button: the address (and the text, for a
 * link added where nothing is selected); Enter applies, Escape goes back to the text, and an
 * emptied address removes the link.
 */
export function LinkForm({ draft, onApply, onCancel }: { draft: LinkDraft; onApply: (url: string, text: string | null) => void; onCancel: (backToText: boolean) => void }) {
  const [url, setUrl] = useState(draft.url);
  const [text, setText] = useState(draft.text ?? "");
  const address = useRef<HTMLInputElement>(null);
  const editing = draft.url !== "";
  // The address is what the shortcut is for: it takes the focus from the text.
  useEffect(() => address.current?.focus(), []);
  return (
    <form
      aria-label={editing ? "Edit link" : "Add link"}
      className="absolute z-30 flex flex-wrap items-center gap-1 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
      style={{ left: draft.left, top: Math.max(0, draft.top) }}
      onSubmit={(event) => {
        event.preventDefault();
        onApply(url.trim(), draft.text === null ? null : text);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          onCancel(true);
        }
      }}
      // Left for elsewhere (a click in the text), the form goes.
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) onCancel(false);
      }}
    >
      {draft.text !== null && (
        <input
          aria-label="Link text"
          placeholder="Text"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="w-36 rounded border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900"
        />
      )}
      <input
        ref={address}
        aria-label="Link address"
        placeholder="https://…"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        className="w-56 rounded border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900"
      />
      <button type="submit" className="rounded bg-indigo-600 px-2 py-1 text-sm font-medium text-white hover:bg-indigo-500">
        {url.trim() || !editing ? "Apply" : "Remove link"}
      </button>
    </form>
  );
}
