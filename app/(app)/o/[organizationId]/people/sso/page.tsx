import type { Metadata } from "next";
import { SsoSettings } from "@/components/people/sso/sso-settings";

export const metadata: Metadata = { title: "Single sign-on" };

export default async function SsoPage({ params }: { params: Promise<{ organizationId: string }> }) {
  const { organizationId } = await params;
  return <SsoSettings organizationId={organizationId} />;
}
