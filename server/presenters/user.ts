import type { User } from "../db/generated/client";
import { urlsFor, type Urls } from "../http/urls";

/** A user as /v1 and the admin UI show them, from the row the user services return (server/users/queries.ts). */
export function presentUserRecord(user: Pick<User, "id" | "displayName" | "email" | "photoURL">, urls: Urls) {
  return {
    object: "user" as const,
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    ...(user.photoURL ? { photoURL: user.photoURL } : {}),
    urls: { location: urls.user(user) },
  };
}

/**
 * The same answer for services and presenters not yet taking `Urls` (docs/records-and-presenters.md
 * lists them); goes once they do. `baseUrl`: their context's origin.
 */
export function presentUser(user: Pick<User, "id" | "displayName" | "email" | "photoURL">, baseUrl: string) {
  return presentUserRecord(user, urlsFor(baseUrl));
}
