"use client";

import { useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { useCaretAfterRender } from "@/components/ui/use-caret-after-render";
import { MAX_COMMENT_MARKDOWN } from "@/server/comments/limits";
import { mentionMarkdown } from "./mentions";


// The mention being typed: an `@` at the start or after a space, then up to 40 name characters, up to the caret.
const TYPING_MENTION = /(?:^|\s)@([^\s@[\]()]{0,40})$/;

type Mentionable = { id: string; displayName: string; email?: string | null; photoURL?: string | null };

/**
 * A comment's textarea: markdown, Cmd/Ctrl+Enter to send, `@` to mention someone who can read
 * the space (a listbox: arrow keys, Enter or Tab to insert, Escape to close), the length left.
 */
export function CommentComposer({
  spaceId,
  label,
  placeholder,
  submitLabel,
  initial = "",
  pending,
  error,
  autoFocus,
  onSubmit,
  onCancel,
}: {
  spaceId: string;
  label: string;
  placeholder?: string;
  submitLabel: string;
  initial?: string;
  pending: boolean;
  error?: string | null;
  autoFocus?: boolean;
  /** Resolves once sent: the box is then emptied. */
  onSubmit: (markdown: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const trpc = useTRPC();
  const [text, setText] = useState(initial);
  const [caret, setCaret] = useState(initial.length);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const placeCaret = useCaretAfterRender(area);
  const id = useId();
  const typing = TYPING_MENTION.exec(text.slice(0, caret));
  const mentionStart = typing ? caret - typing[1]!.length - 1 : -1;
  const mentioning = typing !== null && dismissed !== mentionStart;
  const query = typing?.[1] ?? "";
  const people = useQuery({ ...trpc.comments.mentionable.queryOptions({ spaceId, query }), enabled: mentioning, staleTime: 30_000 });
  const options: Mentionable[] = mentioning ? (people.data ?? []) : [];
  const listOpen = mentioning && (options.length > 0 || people.isFetched);
  const over = text.length > MAX_COMMENT_MARKDOWN;
  const empty = text.trim() === "";

  function insert(person: Mentionable) {
    const mention = `${mentionMarkdown(person.displayName, person.id)} `;
    const next = text.slice(0, mentionStart) + mention + text.slice(caret);
    const at = mentionStart + mention.length;
    setText(next);
    setCaret(at);
    setActive(0);
    placeCaret(at);
  }

  async function submit() {
    if (empty || over || pending) return;
    try {
      await onSubmit(text);
      setText("");
      setCaret(0);
    } catch {
      // The error is shown by the caller from its mutation; the text stays to try again.
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (listOpen && options.length > 0) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        setActive((current) => (current + (event.key === "ArrowDown" ? 1 : options.length - 1)) % options.length);
        return;
      }
      if ((event.key === "Enter" || event.key === "Tab") && !event.metaKey && !event.ctrlKey) {
        event.preventDefault();
        insert(options[Math.min(active, options.length - 1)]!);
        return;
      }
    }
    if (listOpen && event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      setDismissed(mentionStart);
      return;
    }
    if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      void submit();
    } else if (event.key === "Escape" && onCancel) {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  }

  const optionId = (index: number) => `${id}-person-${index}`;
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="relative">
        <label htmlFor={`${id}-text`} className="sr-only">
          {label}
        </label>
        <textarea
          ref={area}
          id={`${id}-text`}
          value={text}
          rows={3}
          autoFocus={autoFocus}
          placeholder={placeholder}
          // A textarea keeps its textbox role (a combobox role is not allowed on it): the list is announced through these.
          aria-autocomplete="list"
          aria-controls={listOpen ? `${id}-people` : undefined}
          aria-activedescendant={listOpen && options.length > 0 ? optionId(Math.min(active, options.length - 1)) : undefined}
          aria-describedby={`${id}-hint`}
          aria-invalid={over || undefined}
          onChange={(event) => {
            setText(event.target.value);
            setCaret(event.target.selectionStart);
            setActive(0);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          className="block w-full resize-y rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/40"
        />
        {listOpen && (
          <ul id={`${id}-people`} role="listbox" aria-label="People to mention" className="absolute left-0 right-0 top-full z-30 mt-1 max-h-56 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg">
            {options.length === 0 ? (
              <li role="option" aria-selected={false} aria-disabled className="px-3 py-1.5 text-slate-500">
                No one matches “{query}”
              </li>
            ) : (
              options.map((person, index) => (
                <li
                  key={person.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  onMouseDown={(event) => {
                    // Keeps the focus in the textarea.
                    event.preventDefault();
                    insert(person);
                  }}
                  className={clsx("cursor-pointer px-3 py-1.5", index === active ? "bg-indigo-50 text-indigo-900" : "text-slate-800")}
                >
                  <span className="font-medium">{person.displayName}</span>
                  {person.email && <span className="ml-2 text-xs text-slate-500">{person.email}</span>}
                </li>
              ))
            )}
          </ul>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-hint`} className={clsx("text-xs", over ? "font-medium text-red-700" : "text-slate-500")}>
          {over ? `${(text.length - MAX_COMMENT_MARKDOWN).toLocaleString()} characters too long` : `Markdown, @ to mention · ${(MAX_COMMENT_MARKDOWN - text.length).toLocaleString()} left`}
        </p>
        <div className="flex gap-2">
          {onCancel && (
            <Button variant="ghost" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={pending} disabled={empty || over} title="Cmd/Ctrl+Enter">
            {submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
