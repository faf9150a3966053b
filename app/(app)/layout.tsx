import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { pageActor } from "@/server/auth/request-actor";

/** Every signed-in page: no session, no page. */
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  if (!(await pageActor())) redirect("/login");
  return <AppShell>{children}</AppShell>;
}
