import type { Metadata } from "next";
import { Wordmark } from "@/components/auth/wordmark";
import { NotFoundMessage } from "@/components/ui/not-found-message";

export const metadata: Metadata = { title: "Not found" };

/** Any address Quire does not know, signed in or not. */
export default function NotFound() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-8 bg-slate-50 px-4 py-12">
      <Wordmark />
      <NotFoundMessage explanation="There is no page at this address. Check the link, or start again from Quire's home." />
    </div>
  );
}
