import { MAIN_CONTENT_ID } from "@/components/ui/skip-link";
import type { ReactNode } from "react";

/** The user's own settings (profile, password, API tokens): one column, the page's main landmark. */
export default function SettingsLayout({ children }: { children: ReactNode }) {
  return <main id={MAIN_CONTENT_ID} className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">{children}</main>;
}
