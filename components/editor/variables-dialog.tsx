"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFormActions } from "@/components/ui/dialog";
import { InlineCode } from "@/components/ui/inline-code";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { newRow, planVariablesUpdate, rowsFrom, type VariableRow } from "./variables-form";

export type VariablesScope = { kind: "space" } | { kind: "page"; pageId: string; title: string };

const input = "block w-full rounded-md border border-slate-300 px-2 py-1 text-sm focus:border-indigo-500 focus:outline-none focus:ring-1 focus:ring-indigo-500";

/**
 * Edits the space's variables, or one page's, in a change request. Saved at once as an
 * `update_variables` change (like uploads), apart from the editor's page drafts.
 */
export function VariablesDialog({ spaceId, changeRequestRef, scope, onClose, onSaved }: {
  spaceId: string;
  changeRequestRef: string;
  scope: VariablesScope | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const pageId = scope?.kind === "page" ? scope.pageId : undefined;
  const queryInput = { spaceId, source: { kind: "change-request", ref: changeRequestRef } as const, ...(pageId ? { pageId } : {}) };
  const current = useQuery({ ...trpc.changeRequests.variables.queryOptions(queryInput), enabled: scope !== null, staleTime: 0 });
  const apply = useMutation(trpc.changeRequests.applyChanges.mutationOptions());
  const [rows, setRows] = useState<VariableRow[]>([]);
  const [errors, setErrors] = useState<Record<string, { name?: string; value?: string }>>({});
  const [formError, setFormError] = useState<string>();

  // A fresh form each time the dialog opens on loaded values.
  useEffect(() => {
    if (scope && current.data) {
      const loaded = rowsFrom(current.data.variables);
      setRows(loaded.length > 0 ? loaded : [newRow()]);
      setErrors({});
      setFormError(undefined);
    }
  }, [scope, current.data]);

  const title = scope?.kind === "page" ? `Variables of “${scope.title || "Untitled page"}”` : "Space variables";
  const usage = scope?.kind === "page" ? "{{ page.vars.NAME }}" : "{{ space.vars.NAME }}";

  async function save() {
    if (!current.data) return;
    const plan = planVariablesUpdate(current.data.variables, rows);
    if (!plan.ok) {
      setErrors(plan.errors);
      setFormError(plan.message);
      return;
    }
    if (Object.keys(plan.changes).length === 0) return onClose();
    try {
      await apply.mutateAsync({ spaceId, ref: changeRequestRef, changes: [{ operation: "update_variables", ...(pageId ? { page: pageId } : {}), variables: plan.changes }] });
      await queryClient.invalidateQueries({ queryKey: trpc.changeRequests.variables.queryKey() });
      await onSaved();
      toast.success("Variables saved.");
      onClose();
    } catch (error) {
      setFormError(errorMessage(error));
    }
  }

  const update = (key: string, patch: Partial<VariableRow>) => {
    setRows((list) => list.map((row) => (row.key === key ? { ...row, ...patch } : row)));
    // A row's message goes once it is edited; saving checks it again.
    setErrors(({ [key]: _edited, ...others }) => others);
  };

  return (
    <Dialog open={scope !== null} onClose={onClose} title={title}>
      {current.isPending ? (
        <LoadingState label="Loading variables…" />
      ) : current.isError ? (
        <ErrorState message={errorMessage(current.error)} onRetry={() => void current.refetch()} />
      ) : (
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <p className="text-sm text-slate-600">
            Pages show a value where they write <InlineCode>{usage}</InlineCode>.
          </p>
          <ul aria-label="Variables" className="max-h-80 space-y-2 overflow-y-auto">
            {rows.map((row, index) => (
              <li key={row.key} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] items-start gap-2">
                {(["name", "value"] as const).map((field) => (
                  <div key={field}>
                    <input
                      aria-label={`${field === "name" ? "Name" : "Value"} of variable ${index + 1}`}
                      aria-invalid={errors[row.key]?.[field] ? true : undefined}
                      placeholder={field}
                      value={row[field]}
                      onChange={(event) => update(row.key, { [field]: event.target.value })}
                      className={field === "name" ? `${input} font-mono` : input}
                    />
                    {errors[row.key]?.[field] && <p className="mt-1 text-xs text-red-600">{errors[row.key]![field]}</p>}
                  </div>
                ))}
                <Button variant="ghost" aria-label={`Remove variable ${row.name || index + 1}`} onClick={() => setRows((list) => list.filter((item) => item.key !== row.key))}>
                  <X aria-hidden className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
          <Button variant="secondary" onClick={() => setRows((list) => [...list, newRow()])}>
            <Plus aria-hidden className="size-4" />
            Add variable
          </Button>
          <DialogFormActions error={formError} submitLabel="Save variables" submitting={apply.isPending} onCancel={onClose} />
        </form>
      )}
    </Dialog>
  );
}
