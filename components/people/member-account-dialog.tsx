"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { ConfirmActions } from "@/components/ui/confirm-actions";
import { Dialog } from "@/components/ui/dialog";
import { CheckboxField } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";

export type MemberAccountAction = "endSessions" | "resetPassword";

type Member = { id: string; user: { displayName: string; email?: string } };

const TITLES: Record<MemberAccountAction, (name: string) => string> = {
  endSessions: (name) => `Sign ${name} out everywhere?`,
  resetPassword: (name) => `Reset the password of ${name}?`,
};

/**
 * An admin's action on a member's account, confirmed: signing them out everywhere, or resetting
 * their password (a mailed link, or a new password shown here once when the server sends no mail).
 */
export function MemberAccountDialog({ organizationId, member, action, onClose }: { organizationId: string; member: Member | null; action: MemberAccountAction; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [revokeApiTokens, setRevokeApiTokens] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.members.pathKey() });
  const endSessions = useMutation(
    trpc.members.endSessions.mutationOptions({
      onSuccess: () => {
        toast.success(`${member?.user.displayName ?? "The member"} is signed out everywhere.`);
        void refresh();
        close();
      },
    }),
  );
  const reset = useMutation(trpc.members.resetPassword.mutationOptions({ onSuccess: () => void refresh() }));
  const pending = endSessions.isPending || reset.isPending;
  const error = endSessions.error ?? reset.error;

  function close() {
    endSessions.reset();
    reset.reset();
    setRevokeApiTokens(false);
    onClose();
  }

  return (
    <Dialog open={member !== null} onClose={close} title={member ? TITLES[action](member.user.displayName) : ""}>
      {member && body(member)}
    </Dialog>
  );

  /** The dialog's content: a plain function of the member, not a component, so that its inputs keep their state between renders. */
  function body(member: Member) {
    const name = member.user.displayName;
    const input = { organizationId, userId: member.id, revokeApiTokens };
    return reset.data ? (
        <div className="space-y-4 text-sm text-slate-700">
          {reset.data.delivery === "email" ? (
            <p role="status">
              A link to set a new password is on its way to <strong className="text-slate-900">{reset.data.email}</strong>. It works once, until {new Date(reset.data.expiresAt).toLocaleString()}.
            </p>
          ) : (
            <div role="status" className="space-y-2">
              <p>This server sends no mail: give {name} this new password yourself. It is shown only this once.</p>
              <input
                readOnly
                aria-label={`New password of ${name}`}
                value={reset.data.password}
                onFocus={(event) => event.currentTarget.select()}
                className="block w-full rounded-md border border-slate-300 bg-slate-50 px-2 py-1.5 font-mono text-sm text-slate-900"
              />
            </div>
          )}
          <div className="flex justify-end">
            <Button onClick={close}>Done</Button>
          </div>
        </div>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            {action === "endSessions"
              ? `Every browser session of ${name} ends now, in every organization they belong to. They can sign in again with their password.`
              : `Their current password stops working now and they are signed out everywhere. They get an email with a link to set a new one; when this server sends no mail, you get a new password to pass on.`}
          </p>
          <CheckboxField label="Also revoke their API tokens" hint="Scripts and tools using them stop working." checked={revokeApiTokens} onChange={(event) => setRevokeApiTokens(event.target.checked)} disabled={pending} />
          <ConfirmActions
            error={error ? errorMessage(error) : undefined}
            pending={pending}
            confirmLabel={action === "endSessions" ? "Sign out everywhere" : "Reset password"}
            onCancel={close}
            onConfirm={() => (action === "endSessions" ? endSessions.mutate(input) : reset.mutate(input))}
          />
        </div>
      );
  }
}
