import { IntentLink } from "@/components/ui/intent-link";
import { MAIN_CONTENT_ID } from "./skip-link";

/** The branded 404: what is missing, and the way back; the page's main landmark unless it shows inside one. */
export function NotFoundMessage({ explanation, className, insideMain = false }: { explanation: string; className?: string; insideMain?: boolean }) {
  const Landmark = insideMain ? "div" : "main";
  return (
    <Landmark id={insideMain ? undefined : MAIN_CONTENT_ID} className={className}>
      <div className="max-w-md text-center">
        <p className="text-sm font-medium text-indigo-600">404</p>
        <h1 className="mt-2 text-xl font-semibold text-slate-900">Nothing here</h1>
        <p className="mt-2 text-sm text-slate-600">{explanation}</p>
        <IntentLink href="/" className="mt-6 inline-block rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-500">
          Back to Quire
        </IntentLink>
      </div>
    </Landmark>
  );
}
