import type { Metadata } from "next";
import { headers } from "next/headers";
import { TokensSettings } from "@/components/tokens/tokens-settings";
import { configuredPublicUrl } from "@/server/config";

export const metadata: Metadata = { title: "API tokens" };

/** The origin API calls go to, for the usage example: the configured public URL, else this request's host. */
async function apiOrigin(): Promise<string> {
  const configured = configuredPublicUrl();
  if (configured) return configured;
  const incoming = await headers();
  const host = incoming.get("x-forwarded-host") ?? incoming.get("host") ?? "localhost:3000";
  const protocol = incoming.get("x-forwarded-proto") ?? "http";
  return `${protocol}://${host}`;
}

export default async function TokensPage() {
  return <TokensSettings origin={await apiOrigin()} />;
}
