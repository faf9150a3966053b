import type { Metadata } from "next";
import { EventLog } from "@/components/integrations/event-log";

export const metadata: Metadata = { title: "Integration events" };

export default async function IntegrationEvents({ params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  return <EventLog name={decodeURIComponent(name)} />;
}
