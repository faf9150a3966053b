import { NotFoundMessage } from "@/components/ui/not-found-message";

/** A missing space, page, collection or change request: shown in the organization's frame, beside its sidebar. */
export default function OrganizationNotFound() {
  return (
    <NotFoundMessage
      insideMain
      className="flex flex-1 items-center justify-center px-4 py-16"
      explanation="This page does not exist, or you do not have access to it."
    />
  );
}
