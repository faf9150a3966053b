import { IntentLink } from "@/components/ui/intent-link";
import { EmptyState } from "@/components/ui/states";

/** Whether a tRPC call failed because the record does not exist for this caller. */
export function isNotFound(error: unknown): boolean {
  return (error as { data?: { code?: string } } | null)?.data?.code === "NOT_FOUND";
}

/** A 404 from the server: the record is missing or not visible, and we cannot tell which. */
export function NotFoundState({ message, organizationId }: { message: string; organizationId: string }) {
  return (
    <EmptyState
      title={message}
      description="Check the address, or ask an admin of the organization for access."
      action={
        <IntentLink href={`/o/${organizationId}`} className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
          Back to the organization
        </IntentLink>
      }
    />
  );
}
