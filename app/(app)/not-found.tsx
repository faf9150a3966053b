import { NotFoundMessage } from "@/components/ui/not-found-message";

/** Also what another organization's pages answer: they "do not exist" for this user. */
export default function SignedInNotFound() {
  return (
    <NotFoundMessage
      className="flex flex-1 items-center justify-center px-4 py-16"
      explanation="This page does not exist, or it belongs to an organization you are not a member of."
    />
  );
}
