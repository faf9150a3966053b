import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { getSessionActor } from "@/server/auth/next-auth";

/** Every signed-in page: no session, no page. */
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  if (!(await getSessionActor())) redirect("/login");
  return <AppShell>{children}</AppShell>;
}
