"use client";

import { useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useCaretAfterRender } from "@/components/ui/use-caret-after-render";
import { conditionCompletions, MAX_CONDITION_LENGTH, parseCondition, type AdaptiveSchema } from "@/server/sites/conditions";

type Suggestion = { key: string; label: string; detail?: string; apply: (text: string, caret: number) => { text: string; caret: number } };

// After a whole operand and a space, what may follow it: the operators of the condition language.
const AFTER_OPERAND = /(?:[\w$)\]"']|\.\w+)\s+$/;
const OPERATORS = [
  { label: "===", detail: "equals" },
  { label: "!==", detail: "differs from" },
  { label: "&&", detail: "and" },
  { label: "||", detail: "or" },
];

/** Replaces `text` from `from` up to the caret with `insert`. */
function replaceAt(text: string, from: number, caret: number, insert: string) {
  return { text: text.slice(0, from) + insert + text.slice(caret), caret: from + insert.length };
}

/**
 * A visitor condition (`visitor.claims.plan == "pro"`), checked as it is typed by the same parser the
 * server uses: the first problem is shown with where it is. Completions come from the site's visitor
 * schema (claims, their values, operators) and, on an empty field, from the template conditions. A
 * combobox: the focus stays in the field while arrows move the active option, Enter or Tab takes it,
 * Escape closes the list. An empty field means "always shown" (null).
 */
export function ConditionEditor({
  organizationId,
  siteId,
  value,
  onChange,
  schema,
  id,
  label = "Condition",
  disabled,
}: {
  organizationId: string;
  siteId: string;
  value: string | null;
  onChange: (value: string | null) => void;
  schema: AdaptiveSchema | null;
  id?: string;
  label?: string;
  disabled?: boolean;
}) {
  const trpc = useTRPC();
  const ownId = useId();
  const inputId = id ?? `${ownId}-condition`;
  const listId = `${ownId}-completions`;
  const text = value ?? "";
  const [caret, setCaret] = useState(text.length);
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const placeCaret = useCaretAfterRender(input);
  const templates = useQuery({ ...trpc.siteAdaptive.templates.queryOptions({ organizationId, siteId }), enabled: open && text.trim() === "", staleTime: 60_000 });

  const suggestions = useMemo<Suggestion[]>(() => {
    if (text.trim() === "") {
      return (templates.data?.items ?? []).map((template, index) => ({
        key: `template-${index}`,
        label: template.condition,
        detail: template.description,
        apply: () => ({ text: template.condition, caret: template.condition.length }),
      }));
    }
    const before = text.slice(0, caret);
    const completions = conditionCompletions(schema, before);
    if (completions.options.length === 0 && AFTER_OPERAND.test(before)) {
      return OPERATORS.map((operator) => ({ key: `operator-${operator.label}`, label: operator.label, detail: operator.detail, apply: (current: string, at: number) => replaceAt(current, at, at, `${operator.label} `) }));
    }
    return completions.options.map((option, index) => ({
      key: `completion-${index}`,
      label: option.label,
      detail: option.detail,
      apply: (current: string, at: number) => replaceAt(current, completions.from, at, option.apply),
    })).filter((suggestion) => suggestion.apply(text, caret).text !== text);
  }, [text, caret, schema, templates.data]);

  const parsed = useMemo(() => (text.trim() === "" ? null : parseCondition(text, schema)), [text, schema]);
  const problem = parsed && !parsed.ok ? parsed.error : null;
  const listOpen = open && !disabled && suggestions.length > 0;
  const current = Math.min(active, Math.max(suggestions.length - 1, 0));
  const optionId = (index: number) => `${ownId}-option-${index}`;

  function change(next: string, at: number) {
    onChange(next === "" ? null : next);
    setCaret(at);
    setActive(0);
    setOpen(true);
  }

  function take(suggestion: Suggestion) {
    const next = suggestion.apply(text, caret);
    change(next.text, next.caret);
    placeCaret(next.caret);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" && !listOpen) {
      event.preventDefault();
      setOpen(true);
      return;
    }
    if (!listOpen) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setActive((index) => (index + (event.key === "ArrowDown" ? 1 : suggestions.length - 1)) % suggestions.length);
    } else if (event.key === "Enter" || (event.key === "Tab" && !event.shiftKey)) {
      event.preventDefault();
      take(suggestions[current]!);
    } else if (event.key === "Escape") {
      // Closes the list only: a surrounding dialog stays open.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  }

  const hintId = `${ownId}-hint`;
  const errorId = `${ownId}-error`;
  return (
    <div className="space-y-1">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          ref={input}
          id={inputId}
          type="text"
          role="combobox"
          spellCheck={false}
          autoComplete="off"
          value={text}
          disabled={disabled}
          // Room past the bound, so that the parser names what is too long rather than the field cutting it.
          maxLength={MAX_CONDITION_LENGTH + 100}
          placeholder='visitor.claims.plan == "pro"'
          aria-expanded={listOpen}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={listOpen ? optionId(current) : undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : hintId}
          onChange={(event) => change(event.target.value, event.target.selectionStart ?? event.target.value.length)}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart ?? 0)}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className={clsx(
            "block w-full rounded-md border bg-white px-3 py-1.5 font-mono text-sm text-slate-900 placeholder:text-slate-400 focus:ring-1 focus:outline-none disabled:bg-slate-50",
            problem ? "border-red-500 focus:border-red-500 focus:ring-red-500" : "border-slate-300 focus:border-indigo-500 focus:ring-indigo-500",
          )}
        />
        <ul id={listId} role="listbox" aria-label="Condition completions" hidden={!listOpen} className="absolute inset-x-0 top-full z-30 mt-1 max-h-60 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg">
          {listOpen &&
            suggestions.map((suggestion, index) => (
              <li
                key={suggestion.key}
                id={optionId(index)}
                role="option"
                aria-selected={index === current}
                onMouseDown={(event) => {
                  // Keeps the focus in the field.
                  event.preventDefault();
                  take(suggestion);
                }}
                onMouseEnter={() => setActive(index)}
                className={clsx("flex cursor-pointer flex-wrap items-baseline gap-x-3 px-3 py-1.5", index === current ? "bg-indigo-50 text-indigo-900" : "text-slate-800")}
              >
                <span className="font-mono break-all">{suggestion.label}</span>
                {suggestion.detail && <span className="text-xs text-slate-600">{suggestion.detail}</span>}
              </li>
            ))}
        </ul>
      </div>
      {problem ? (
        <div id={errorId} className="space-y-1">
          <p className="text-sm text-red-600">
            Character {problem.position + 1}: {problem.message}
          </p>
          <ProblemPointer text={text} position={problem.position} />
        </div>
      ) : (
        <p id={hintId} className="text-xs text-slate-500">
          {text.trim() === ""
            ? "Empty: shown to every visitor. Type a claim such as visitor.claims… or pick a template."
            : "Valid. Shown to visitors whose claims make this true."}
        </p>
      )}
    </div>
  );
}

/** The condition with the character the problem is at underlined, for reading where it is at a glance. */
function ProblemPointer({ text, position }: { text: string; position: number }) {
  const at = Math.min(Math.max(position, 0), text.length);
  // A window around the problem keeps a long condition readable.
  const start = Math.max(0, at - 40);
  const end = Math.min(text.length, at + 40);
  return (
    <p aria-hidden className="overflow-x-auto rounded bg-slate-50 px-2 py-1 font-mono text-xs whitespace-pre text-slate-700">
      {start > 0 && "…"}
      {text.slice(start, at)}
      <mark className="rounded-sm bg-red-100 text-red-800 underline decoration-red-600 decoration-wavy">{text.slice(at, at + 1) || " "}</mark>
      {text.slice(at + 1, end)}
      {end < text.length && "…"}
    </p>
  );
}
