"use client";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { errorMessage } from "@/components/ui/trpc-error";
import { SPACE_RETENTION_DAYS } from "@/server/config";
import { countSpaces, type ContentNode } from "./tree-model";
import { useDeleteContent } from "./use-content-actions";

/** Confirms a deletion, saying where the spaces go: the trash, restorable for a while. */
export function DeleteContentDialog({ node, onClose }: { node: ContentNode | null; onClose: () => void }) {
  return (
    <Dialog open={node !== null} onClose={onClose} title={node?.type === "collection" ? "Delete collection?" : "Delete space?"}>
      {node && <DeleteConfirmation node={node} onClose={onClose} />}
    </Dialog>
  );
}

function DeleteConfirmation({ node, onClose }: { node: ContentNode; onClose: () => void }) {
  const { remove, isPending, error } = useDeleteContent();
  const spaces = countSpaces(node);

  async function confirm() {
    try {
      await remove(node);
      onClose();
    } catch {
      // Shown below.
    }
  }

  return (
    <div className="space-y-4">
      <div className="space-y-2 text-sm text-slate-600">
        {node.type === "space" ? (
          <p>
            <strong className="font-medium text-slate-900">{node.title}</strong> will be moved to the trash. You can restore it from
            there for {SPACE_RETENTION_DAYS} days; after that it is deleted for good.
          </p>
        ) : (
          <>
            <p>
              <strong className="font-medium text-slate-900">{node.title}</strong> and the collections inside it will be deleted.
            </p>
            <p>
              {spaces === 0
                ? "It holds no spaces."
                : `Its ${spaces === 1 ? "space goes" : `${spaces} spaces go`} to the trash, where ${spaces === 1 ? "it" : "they"} can be restored for ${SPACE_RETENTION_DAYS} days (at the top level, since the collection will be gone).`}
            </p>
          </>
        )}
      </div>
      {error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {errorMessage(error)}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" loading={isPending} onClick={confirm}>
          {node.type === "space" ? "Move to trash" : "Delete collection"}
        </Button>
      </div>
    </div>
  );
}
