"use client";

import { useQuery, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import { Search, UserPlus } from "lucide-react";
import { useDeferredValue, useId, useState } from "react";
import { Spinner } from "./spinner";
import { errorMessage } from "./trpc-error";

export type PersonCandidate = { id: string; displayName: string; email: string };

/**
 * Finds people by name or email (through `queryOf`, the search the caller's screen allows) and offers
 * each as a button: a plain list of buttons under a search field works with the keyboard and screen
 * readers without a combobox.
 */
export function PersonSearch<Person extends PersonCandidate, Failure, Key extends QueryKey>({
  label,
  actionLabel,
  noun,
  queryOf,
  exclude = [],
  onPick,
  disabled,
}: {
  label: string;
  /** The verb on each result, e.g. "Add". */
  actionLabel: string;
  /** Who is searched, plural: "members", "reviewers". */
  noun: string;
  queryOf: (search: string) => UseQueryOptions<Person[], Failure, Person[], Key>;
  exclude?: string[];
  onPick: (person: Person) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const [search, setSearch] = useState("");
  const deferred = useDeferredValue(search.trim());
  const candidates = useQuery({ ...queryOf(deferred), enabled: deferred.length > 0 });
  const results = (candidates.data ?? []).filter((person) => !exclude.includes(person.id));
  const singular = noun.replace(/s$/, "");
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-2 left-2.5 size-4 text-slate-400" />
        <input
          id={id}
          type="search"
          value={search}
          maxLength={100}
          disabled={disabled}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Name or email"
          className="block w-full rounded-md border border-slate-300 bg-white py-1.5 pr-3 pl-8 text-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-1 focus:ring-indigo-500 focus:outline-none"
        />
      </div>
      {deferred.length > 0 && (
        <div aria-live="polite">
          {candidates.isPending ? (
            <Spinner label={`Searching ${noun}…`} className="size-4" />
          ) : candidates.isError ? (
            <p className="text-sm text-red-600">{errorMessage(candidates.error)}</p>
          ) : results.length === 0 ? (
            <p className="text-sm text-slate-500">
              No {singular} matches “{deferred}”.
            </p>
          ) : (
            <ul aria-label={`Matching ${noun}`} className="max-h-48 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
              {results.map((person) => (
                <li key={person.id} className="flex items-center gap-3 px-3 py-1.5">
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm text-slate-900">{person.displayName}</span>
                    <span className="block truncate text-xs text-slate-500">{person.email}</span>
                  </span>
                  <button
                    type="button"
                    disabled={disabled}
                    onClick={() => {
                      onPick(person);
                      setSearch("");
                    }}
                    aria-label={`${actionLabel} ${person.displayName}`}
                    className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50 disabled:text-slate-400"
                  >
                    <UserPlus aria-hidden className="size-4" />
                    {actionLabel}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
