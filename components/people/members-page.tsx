"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Ellipsis, Search } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { RelativeTime } from "@/components/content/relative-time";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Menu, MenuItem } from "@/components/shell/menu";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { ConfirmActions } from "@/components/ui/confirm-actions";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { MemberAccountDialog, type MemberAccountAction } from "./member-account-dialog";
import { ROLE_OPTIONS, roleLabel } from "./sso/role-options";

type Member = {
  id: string;
  role: string | null;
  user: { displayName: string; email?: string; photoURL?: string };
  joinedAt: string;
  lastSeenAt?: string;
  teams: number;
  spaces: number;
  permissions: { changeRole: boolean; demote: boolean; remove: boolean; endSessions: boolean; resetPassword: boolean };
};

/** How the list is ordered: the service's `sort` and `order`. */
const SORTS = {
  newest: { label: "Newest members", sort: "joinedAt", order: "desc" },
  oldest: { label: "Oldest members", sort: "joinedAt", order: "asc" },
  seen: { label: "Recently seen", sort: "lastSeenAt", order: "desc" },
  name: { label: "Name (A–Z)", sort: "name", order: "asc" },
} as const;
type SortKey = keyof typeof SORTS;

const ROLE_FILTERS = [{ value: "", label: "All roles" }, ...ROLE_OPTIONS.map((option) => ({ value: option.value || "guest", label: option.value ? option.label : "Guest" }))];

const selectClass = "rounded-md border border-slate-300 bg-white py-1.5 pr-8 pl-2 text-sm focus:border-indigo-500 focus:ring-1 focus:ring-indigo-500 focus:outline-none";

/** The organization's members: find, filter and sort them; admins change roles and remove members; anyone may leave. */
export function MembersPage({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const me = useQuery(trpc.organizations.me.queryOptions());
  const [search, setSearch] = useState("");
  const filter = useDeferredValue(search.trim());
  const [role, setRole] = useState("");
  const [sort, setSort] = useState<SortKey>("newest");
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [accountAction, setAccountAction] = useState<{ member: Member; action: MemberAccountAction } | null>(null);
  const restart = () => setCursors([undefined]);

  return (
    <section aria-labelledby="members-heading" className="space-y-5">
      <div className="space-y-1">
        <h2 id="members-heading" className="text-xl font-semibold text-slate-900">
          Members
        </h2>
        <p className="max-w-xl text-sm text-slate-600">Everyone in the organization and their role. A role is what a member may do with content shared with everyone.</p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="relative w-full max-w-sm">
          <Search aria-hidden className="pointer-events-none absolute top-2 left-2.5 size-4 text-slate-400" />
          <input
            type="search"
            aria-label="Find members by name or email"
            placeholder="Find members by name or email"
            value={search}
            maxLength={100}
            onChange={(event) => {
              setSearch(event.target.value);
              restart();
            }}
            className="block w-full rounded-md border border-slate-300 py-1.5 pr-3 pl-8 text-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-1 focus:ring-indigo-500 focus:outline-none"
          />
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Role
          <select
            className={selectClass}
            value={role}
            onChange={(event) => {
              setRole(event.target.value);
              restart();
            }}
          >
            {ROLE_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Sort
          <select
            className={selectClass}
            value={sort}
            onChange={(event) => {
              setSort(event.target.value as SortKey);
              restart();
            }}
          >
            {Object.entries(SORTS).map(([key, option]) => (
              <option key={key} value={key}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {sort === "seen" && <p className="text-sm text-slate-500">Only members who have opened the organization are listed.</p>}
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Members of the organization</caption>
          <thead className="bg-slate-50 text-xs font-medium text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2">
                Member
              </th>
              <th scope="col" className="px-4 py-2">
                Role
              </th>
              <th scope="col" className="hidden px-4 py-2 sm:table-cell">
                Joined
              </th>
              <th scope="col" className="hidden px-4 py-2 md:table-cell">
                Last seen
              </th>
              <th scope="col" className="hidden px-4 py-2 sm:table-cell">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {cursors.map((cursor, index) => (
              <MembersChunk
                key={cursor ?? "first"}
                organizationId={organizationId}
                params={{ search: filter, role, ...SORTS[sort] }}
                page={cursor}
                first={index === 0}
                last={index === cursors.length - 1}
                myId={me.data?.id}
                onMore={(next) => setCursors((current) => [...current, next])}
                onRemove={setRemoving}
                onAccountAction={(member, action) => setAccountAction({ member, action })}
              />
            ))}
          </tbody>
        </table>
      </div>
      <RemoveMemberDialog organizationId={organizationId} member={removing} isMe={removing?.id === me.data?.id} onClose={() => setRemoving(null)} />
      <MemberAccountDialog organizationId={organizationId} member={accountAction?.member ?? null} action={accountAction?.action ?? "endSessions"} onClose={() => setAccountAction(null)} />
    </section>
  );
}

type ListParams = { search: string; role: string; sort: "joinedAt" | "lastSeenAt" | "name"; order: "asc" | "desc" };

/** One page of members, as rows of the table above (its states too). */
function MembersChunk({
  organizationId,
  params,
  page,
  first,
  last,
  myId,
  onMore,
  onRemove,
  onAccountAction,
}: {
  organizationId: string;
  params: ListParams;
  page: string | undefined;
  first: boolean;
  last: boolean;
  myId: string | undefined;
  onMore: (next: string) => void;
  onRemove: (member: Member) => void;
  onAccountAction: (member: Member, action: MemberAccountAction) => void;
}) {
  const trpc = useTRPC();
  const members = useQuery(
    trpc.members.list.queryOptions({
      organizationId,
      sort: params.sort,
      order: params.order,
      limit: 50,
      ...(params.search ? { search: params.search } : {}),
      ...(params.role ? { role: params.role as "guest" } : {}),
      ...(page ? { page } : {}),
    }),
  );
  const cell = (content: React.ReactNode) => (
    <tr>
      <td colSpan={5} className="p-3">
        {content}
      </td>
    </tr>
  );
  if (members.isPending) return cell(<LoadingState label="Loading members…" />);
  if (members.isError) return cell(<ErrorState message={errorMessage(members.error)} onRetry={() => void members.refetch()} />);
  if (members.data.items.length === 0) {
    return first ? cell(<EmptyState title={params.search || params.role ? "No member matches" : "No members to show"} description={params.search || params.role ? "Try another name, email or role." : undefined} />) : null;
  }
  return (
    <>
      {members.data.items.map((member) => (
        <MemberRow key={member.id} organizationId={organizationId} member={member} isMe={member.id === myId} onRemove={onRemove} onAccountAction={onAccountAction} />
      ))}
      {last && members.data.next && (
        <tr>
          <td colSpan={5} className="p-2 text-center">
            <Button variant="ghost" onClick={() => onMore(members.data.next!.page)}>
              Show more members
            </Button>
          </td>
        </tr>
      )}
    </>
  );
}

/**
 * An address that wraps only at sensible points, never inside a word: first after its "@" (each side
 * is an inline block, kept whole while it fits), then, in a column narrower than one side, after the
 * dots, dashes and underscores of its name and before the dots of its domain.
 */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  const breakable = (text: string, pattern: RegExp) =>
    text.split(pattern).map((part, index) => (
      <span key={index}>
        {index > 0 && <wbr />}
        {part}
      </span>
    ));
  return (
    <p title={email} className="break-normal text-slate-500">
      <span className="inline-block">{breakable(email.slice(0, at + 1), /(?<=[._-])/)}</span>
      <wbr />
      <span className="inline-block">{breakable(email.slice(at + 1), /(?=\.)/)}</span>
    </p>
  );
}

function MemberRow({
  organizationId,
  member,
  isMe,
  onRemove,
  onAccountAction,
}: {
  organizationId: string;
  member: Member;
  isMe: boolean;
  onRemove: (member: Member) => void;
  onAccountAction: (member: Member, action: MemberAccountAction) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.members.update.mutationOptions({ onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.members.pathKey() }) }));
  const name = member.user.displayName;
  const lastAdmin = member.role === "admin" && member.permissions.changeRole && !member.permissions.demote;
  const { endSessions, resetPassword } = member.permissions;
  // Beside the row from 640px up, under the role on phones.
  const removal = member.permissions.remove ? (
    <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => onRemove(member)} aria-label={isMe ? "Leave the organization" : `Remove ${name}`}>
      {isMe ? "Leave" : "Remove"}
    </Button>
  ) : lastAdmin || (member.role === "admin" && isMe) ? (
    <span className="text-xs text-slate-500">Last admin</span>
  ) : null;
  const accountMenu =
    endSessions || resetPassword ? (
      <Menu
        label={`Account of ${name}`}
        align="end"
        buttonClassName="grid size-8 place-items-center rounded-md text-slate-600 hover:bg-slate-100 aria-expanded:bg-slate-100"
        button={<Ellipsis aria-hidden className="size-4" />}
      >
        {endSessions && <MenuItem onSelect={() => onAccountAction(member, "endSessions")}>Sign out everywhere</MenuItem>}
        {resetPassword && <MenuItem onSelect={() => onAccountAction(member, "resetPassword")}>Reset password</MenuItem>}
      </Menu>
    ) : null;
  const action =
    removal || accountMenu ? (
      <div className="flex items-center gap-1 sm:justify-end">
        {removal}
        {accountMenu}
      </div>
    ) : null;
  return (
    <tr className="align-top">
      <td className="px-3 py-3 sm:px-4">
        <div className="flex items-center gap-2 sm:gap-3">
          <Avatar id={member.id} name={name} photoURL={member.user.photoURL} className="size-7 sm:size-8" />
          <div className="min-w-0">
            <p className="font-medium break-words text-slate-900">
              {name}
              {isMe && <span className="ml-1 font-normal text-slate-500">(you)</span>}
            </p>
            {member.user.email && <EmailAddress email={member.user.email} />}
          </div>
        </div>
      </td>
      <td className="px-3 py-3 sm:px-4">
        {member.permissions.changeRole ? (
          <div className="space-y-1">
            <select
              aria-label={`Role of ${name}`}
              className={selectClass}
              value={member.role ?? ""}
              disabled={update.isPending}
              onChange={(event) => update.mutate({ organizationId, userId: member.id, role: (event.target.value || null) as "read" | null })}
            >
              {ROLE_OPTIONS.map((option) => (
                // The last admin keeps the role: the server refuses (409), so the other roles are not offered.
                <option key={option.value} value={option.value} disabled={lastAdmin && option.value !== "admin"}>
                  {option.value ? option.label : "Guest"}
                </option>
              ))}
            </select>
            {lastAdmin && <p className="text-xs text-slate-500">The last admin: make another member admin to change this role.</p>}
            {update.error && (
              <p role="alert" className="max-w-xs text-xs text-red-700">
                {errorMessage(update.error)}
              </p>
            )}
          </div>
        ) : (
          <span className="text-slate-700">{member.role ? roleLabel(member.role) : "Guest"}</span>
        )}
        {action && <div className="mt-1 -ml-3 sm:hidden">{action}</div>}
      </td>
      <td className="hidden px-4 py-3 text-slate-600 sm:table-cell">
        <RelativeTime iso={member.joinedAt} />
      </td>
      <td className="hidden px-4 py-3 text-slate-600 md:table-cell">{member.lastSeenAt ? <RelativeTime iso={member.lastSeenAt} /> : "Never"}</td>
      <td className="hidden px-4 py-3 text-right sm:table-cell">{action}</td>
    </tr>
  );
}

function RemoveMemberDialog({ organizationId, member, isMe, onClose }: { organizationId: string; member: Member | null; isMe: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.members.remove.mutationOptions({
      onSuccess: async () => {
        if (isMe) {
          // Leaving ends every session of the user: back to sign in.
          window.location.assign("/login");
          return;
        }
        await queryClient.invalidateQueries({ queryKey: trpc.members.pathKey() });
        close();
      },
    }),
  );
  function close() {
    remove.reset();
    onClose();
  }
  return (
    <Dialog open={member !== null} onClose={close} title={isMe ? "Leave this organization?" : "Remove this member?"}>
      {member && (
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            {isMe ? "You" : <strong className="text-slate-900">{member.user.displayName}</strong>} will no longer reach the organization&apos;s content.{" "}
            {member.spaces + member.teams > 0 &&
              `${isMe ? "Your" : "Their"} access to ${member.spaces === 1 ? "1 space shared" : `${member.spaces} spaces shared`} with ${isMe ? "you" : "them"} and ${member.teams === 1 ? "1 team membership" : `${member.teams} team memberships`} go too. `}
            {isMe ? "You are signed out everywhere." : "They are signed out everywhere."} An admin can invite {isMe ? "you" : "them"} again.
          </p>
          <ConfirmActions error={remove.error ? errorMessage(remove.error) : undefined} pending={remove.isPending} confirmLabel={isMe ? "Leave organization" : "Remove member"} onCancel={close} onConfirm={() => remove.mutate({ organizationId, userId: member.id })} />
        </div>
      )}
    </Dialog>
  );
}
