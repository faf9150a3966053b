import { db } from "../db/client";
import { verifyPassword } from "./passwords";

/** The user for an email and password, or null; the same answer whether the email or the password is wrong. */
export async function verifyCredentials(email: string, password: string) {
  const user = await db().user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user?.passwordHash) return null;
  return (await verifyPassword(user.passwordHash, password)) ? user : null;
}
