import type { User } from "../db/generated/client";
import type { Urls } from "../http/urls";

/** A user as /v1 and the admin UI show them, from the row the user services return (server/users/queries.ts). */
export function presentUser(user: Pick<User, "id" | "displayName" | "email" | "photoURL">, urls: Urls) {
  return {
    object: "user" as const,
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    ...(user.photoURL ? { photoURL: user.photoURL } : {}),
    urls: { location: urls.user(user) },
  };
}
