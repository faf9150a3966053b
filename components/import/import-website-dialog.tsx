"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import { ImportProgress, isFinished } from "./import-progress";

const URL_MAX = 2048;
const POLL_MS = 500;

/**
 * "Import from website": a URL, then the import's live progress. The import runs as a job on the
 * server, so closing the dialog does not stop it; the content it writes appears when it completes.
 */
export function ImportWebsiteDialog({ open, onClose, spaceId, changeRequestId }: { open: boolean; onClose: () => void; spaceId: string; changeRequestId?: string }) {
  return (
    <Dialog open={open} onClose={onClose} title="Import from website">
      {open && <ImportWebsiteForm spaceId={spaceId} changeRequestId={changeRequestId} onClose={onClose} />}
    </Dialog>
  );
}

function ImportWebsiteForm({ spaceId, changeRequestId, onClose }: { spaceId: string; changeRequestId?: string; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState("");
  const start = useMutation(trpc.imports.start.mutationOptions());
  const importId = start.data?.id;
  const progress = useQuery({
    ...trpc.imports.get.queryOptions({ spaceId, importId: importId ?? "" }),
    enabled: importId !== undefined,
    refetchInterval: (query) => (isFinished(query.state.data) ? false : POLL_MS),
  });
  const run = progress.data ?? start.data;
  const completed = run?.status === "completed";

  useEffect(() => {
    // The new revision changes the space's pages (or the change request's), and the space's revision.
    if (!completed) return;
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.settings.spacePages.queryKey({ spaceId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.settings.getSpace.queryKey({ spaceId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.imports.list.queryKey({ spaceId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.changeRequests.pathKey() }),
    ]);
  }, [completed, queryClient, spaceId, trpc]);

  function submit(event: FormEvent) {
    event.preventDefault();
    start.mutate({ spaceId, url: url.trim(), ...(changeRequestId ? { changeRequestId } : {}) });
  }

  if (run) {
    return (
      <div className="space-y-4">
        <p className="break-all text-sm text-slate-600">
          From <span className="font-medium text-slate-800">{run.source.url}</span>
        </p>
        <ImportProgress run={run} />
        {progress.isError && <p className="text-sm text-red-700">{errorMessage(progress.error)}</p>}
        {!isFinished(run) && <p className="text-xs text-slate-500">You can close this dialog: the import goes on, and its pages appear when it completes.</p>}
        <div className="flex justify-end gap-2">
          {run.status === "failed" && (
            <Button variant="secondary" onClick={() => start.reset()}>
              Try another address
            </Button>
          )}
          <Button onClick={onClose}>{isFinished(run) ? "Done" : "Close"}</Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <TextField
        label="Website address"
        type="url"
        name="url"
        required
        autoFocus
        inputMode="url"
        placeholder="https://docs.example.com/guide/"
        maxLength={URL_MAX}
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        hint={
          changeRequestId
            ? "Pages under this address on the same site become pages of this change request; their images become files."
            : "Pages under this address on the same site become pages of this space; their images become files."
        }
        error={start.error ? errorMessage(start.error) : undefined}
        disabled={start.isPending}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={start.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={start.isPending} disabled={url.trim() === ""}>
          Import
        </Button>
      </div>
    </form>
  );
}
