"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { CheckboxField, TextField } from "@/components/ui/field";
import { errorMessage, fieldErrors } from "@/components/ui/trpc-error";

/**
 * Changing one's password. The server ends every session of the user (other browsers included), so
 * this browser signs in again with the new password right away and the user stays where they are.
 */
export function PasswordSettings() {
  const trpc = useTRPC();
  const me = useQuery(trpc.profile.get.queryOptions());
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const [revokeApiTokens, setRevokeApiTokens] = useState(false);
  const change = useMutation(
    trpc.profile.changePassword.mutationOptions({
      onSuccess: async () => {
        if (me.data?.email) await signIn("credentials", { redirect: false, email: me.data.email, password: newPassword });
        setCurrentPassword("");
        setNewPassword("");
        setConfirmation("");
        setRevokeApiTokens(false);
      },
    }),
  );
  const message = change.error ? errorMessage(change.error) : undefined;
  const fieldError = (field: string) => fieldErrors(change.error)[field];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMismatch(newPassword !== confirmation);
    if (newPassword !== confirmation) return;
    change.mutate({ currentPassword: currentPassword || undefined, newPassword, revokeApiTokens });
  }

  return (
    <section aria-labelledby="password-heading" className="space-y-4">
      <div className="space-y-1">
        <h2 id="password-heading" className="text-lg font-semibold text-slate-900">
          Password
        </h2>
        <p className="text-sm text-slate-600">
          Changing it ends every session of yours: other browsers are signed out, this one signs in again with the new password. Your API tokens keep working unless
          you revoke them too.
        </p>
      </div>
      <form onSubmit={submit} noValidate className="max-w-md space-y-4">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
          hint="Leave empty if you joined through single sign-on and have no password yet."
          error={fieldError("currentPassword")}
          disabled={change.isPending}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
          hint="At least 8 characters."
          error={fieldError("newPassword")}
          disabled={change.isPending}
        />
        <TextField
          label="Confirm the new password"
          type="password"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={mismatch ? "The two passwords differ." : undefined}
          disabled={change.isPending}
        />
        <CheckboxField
          label="Also revoke my API tokens"
          hint="Scripts and tools that use them stop working; make new ones under API tokens."
          checked={revokeApiTokens}
          onChange={(event) => setRevokeApiTokens(event.target.checked)}
          disabled={change.isPending}
        />
        {message && !fieldError("currentPassword") && !fieldError("newPassword") && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {message}
          </p>
        )}
        <div className="flex items-center gap-3">
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
          {change.isSuccess && (
            <p role="status" className="text-sm text-green-800">
              {change.variables?.revokeApiTokens ? "Password changed, and your API tokens revoked." : "Password changed."}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}
