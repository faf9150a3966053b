import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers/trpc-provider";
import "./globals.css";

export const metadata: Metadata = { title: { default: "Quire", template: "%s · Quire" } };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
