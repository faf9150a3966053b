import type { Metadata } from "next";
import { ContentOverview } from "@/components/tree/content-overview";

export const metadata: Metadata = { title: "Home" };

export default function OrganizationHomePage() {
  return <ContentOverview />;
}
