import type { Db } from "../db/client";

/**
 * Browser sessions are signed cookies that no server keeps, so ending them is a version on the user:
 * a session records the version it began with and counts only while it is still the user's. Raised
 * when a member is removed, a user disabled, SSO revoked or a password changed; every app server
 * sees it on the session's next request.
 */
export async function endSessions(tx: Db, userId: string): Promise<void> {
  await tx.$executeRaw`UPDATE users SET session_version = session_version + 1 WHERE id = ${userId}`;
}

/** Whether a session that began at `version` still counts: the user exists, is not disabled, and has not ended it since. */
export async function sessionIsCurrent(tx: Db, userId: string, version: number): Promise<boolean> {
  const [user] = await tx.$queryRaw<{ current: boolean }[]>`
    SELECT disabled_at IS NULL AND session_version = ${version} AS current FROM users WHERE id = ${userId}`;
  return user?.current === true;
}
