import type { User } from "../db/generated/client";
import { apiUrl } from "./urls";

export function presentUser(user: Pick<User, "id" | "displayName" | "email" | "photoURL">, baseUrl: string) {
  return {
    object: "user" as const,
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    ...(user.photoURL ? { photoURL: user.photoURL } : {}),
    urls: { location: apiUrl(baseUrl, `/users/${user.id}`) },
  };
}
