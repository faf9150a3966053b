import { z } from "zod";
import { hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's recommended memory cost (19 MiB, 2 passes).
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A password people choose (invite sign-up, password change): long enough to resist guessing, bounded for argon2. */
export const newPasswordSchema = z.string().min(8, "must be at least 8 characters").max(200, "must be at most 200 characters");
