import { Button } from "./button";

/**
 * The foot of a dialog that confirms something that cannot be undone: why it failed, if it did,
 * then Cancel (focused first, so Enter never destroys by accident) and the destructive action.
 */
export function ConfirmActions({ error, pending, confirmLabel, onCancel, onConfirm }: { error?: string; pending: boolean; confirmLabel: string; onCancel: () => void; onConfirm: () => void }) {
  return (
    <>
      {error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={pending} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </>
  );
}
