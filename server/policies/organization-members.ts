import type { Db } from "../db/client";
import { fieldError, notFound } from "../errors";

/**
 * Users named by a request (by id, or by email where the reference allows it) resolved to members of
 * one organization: only its members (guests included) can join its teams or be granted its content.
 * `field` names the request field in the error, as every 400 does; a user named in the path is a 404.
 */
export async function resolveMembers(tx: Db, organizationId: string, refs: string[], refusal: { field: string; status: 400 | 404 }): Promise<Map<string, string>> {
  const unique = [...new Set(refs)];
  if (unique.length === 0) return new Map();
  const emails = unique.filter((ref) => ref.includes("@")).map((email) => email.toLowerCase());
  const members = await tx.member.findMany({
    where: { organizationId, OR: [{ userId: { in: unique } }, ...(emails.length ? [{ user: { email: { in: emails, mode: "insensitive" as const } } }] : [])] },
    select: { userId: true, user: { select: { email: true } } },
  });
  const resolved = new Map<string, string>();
  for (const ref of unique) {
    const member = members.find((candidate) => candidate.userId === ref || candidate.user.email.toLowerCase() === ref.toLowerCase());
    if (!member) {
      if (refusal.status === 400) throw fieldError(refusal.field, `${ref} is not a member of organization ${organizationId}`);
      throw notFound(`No member ${ref} in organization ${organizationId}.`);
    }
    resolved.set(ref, member.userId);
  }
  return resolved;
}
