"use client";

import { Pencil, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { RelativeTime } from "@/components/content/relative-time";
import { Button } from "@/components/ui/button";
import { ConfirmActions } from "@/components/ui/confirm-actions";
import { Dialog } from "@/components/ui/dialog";
import { errorMessage } from "@/components/ui/trpc-error";
import { CommentComposer } from "./comment-composer";
import { CommentMarkdown } from "./comment-markdown";
import { Reactions } from "./reactions";
import { bodyMarkdown, type CommentReply, type Reaction } from "./types";

type Actions = {
  edit: (markdown: string) => Promise<unknown>;
  editing: { pending: boolean; error: unknown };
  remove: () => Promise<unknown>;
  removing: { pending: boolean; error: unknown };
  react: (emoji: string, add: boolean) => void;
  reacting: boolean;
};

/** One message of a thread (the comment or a reply): author, time, body, reactions, and edit and delete as permitted. */
export function CommentItem({
  item,
  kind,
  spaceId,
  userId,
  canReact,
  actions,
  footer,
}: {
  item: Pick<CommentReply, "id" | "postedBy" | "postedAt" | "editedAt" | "body" | "permissions"> & { reactions: Reaction[] };
  kind: "comment" | "reply";
  spaceId: string;
  userId?: string;
  canReact: boolean;
  actions: Actions;
  footer?: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const markdown = bodyMarkdown(item.body);
  const author = item.postedBy.displayName || "Someone";
  return (
    <div className="space-y-2">
      <div className="flex items-start justify-between gap-2">
        <p className="flex min-w-0 flex-wrap items-baseline gap-x-2 text-sm">
          <span className="flex items-center gap-2 font-medium text-slate-900">
            <span aria-hidden className="flex size-6 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-800">
              {author.charAt(0).toUpperCase()}
            </span>
            {author}
          </span>
          <span className="text-xs text-slate-500">
            <RelativeTime iso={item.postedAt} />
            {item.editedAt && " (edited)"}
          </span>
        </p>
        {!editing && (item.permissions.edit || item.permissions.delete) && (
          <div className="flex shrink-0 gap-0.5">
            {item.permissions.edit && (
              <button type="button" onClick={() => setEditing(true)} aria-label={`Edit ${kind}`} title={`Edit ${kind}`} className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800">
                <Pencil aria-hidden className="size-3.5" />
              </button>
            )}
            {item.permissions.delete && (
              <button type="button" onClick={() => setConfirming(true)} aria-label={`Delete ${kind}`} title={`Delete ${kind}`} className="rounded p-1 text-slate-500 hover:bg-red-50 hover:text-red-700">
                <Trash2 aria-hidden className="size-3.5" />
              </button>
            )}
          </div>
        )}
      </div>
      {editing ? (
        <CommentComposer
          spaceId={spaceId}
          label={`Edit ${kind}`}
          submitLabel="Save"
          initial={markdown}
          autoFocus
          pending={actions.editing.pending}
          error={actions.editing.error ? errorMessage(actions.editing.error) : null}
          onSubmit={async (next) => {
            await actions.edit(next);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <CommentMarkdown markdown={markdown} />
      )}
      <Reactions reactions={item.reactions} userId={userId} canReact={canReact} pending={actions.reacting} onToggle={actions.react} />
      {footer}
      <Dialog open={confirming} onClose={() => setConfirming(false)} title={kind === "comment" ? "Delete this comment?" : "Delete this reply?"}>
        <p className="text-sm text-slate-600">{kind === "comment" ? "The comment and all its replies will be deleted. This cannot be undone." : "The reply will be deleted. This cannot be undone."}</p>
        <ConfirmActions
          pending={actions.removing.pending}
          error={actions.removing.error ? errorMessage(actions.removing.error) : undefined}
          confirmLabel="Delete"
          onCancel={() => setConfirming(false)}
          onConfirm={() => void actions.remove().then(() => setConfirming(false), () => undefined)}
        />
      </Dialog>
    </div>
  );
}

/** A button of a thread's action row. */
export function ThreadAction({ onClick, children, pressed }: { onClick: () => void; children: ReactNode; pressed?: boolean }) {
  return (
    <Button variant="ghost" className="h-7 px-2 text-xs" onClick={onClick} aria-expanded={pressed}>
      {children}
    </Button>
  );
}
