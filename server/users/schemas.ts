import { z } from "zod";
import { httpUrlSchema } from "../validation/http-url";

/** The reference's updateUserById body: at least one of the two. */
export const updateUserInput = z
  .object({
    displayName: z.string().trim().min(1).max(64).optional(),
    photoURL: httpUrlSchema.nullable().optional(),
  })
  .refine((input) => input.displayName !== undefined || input.photoURL !== undefined, "give displayName, photoURL or both");
