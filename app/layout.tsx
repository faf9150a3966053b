import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers/trpc-provider";
import { SkipLink } from "@/components/ui/skip-link";
import { ThemeFollower, themeScript } from "@/components/ui/theme";
import "./globals.css";

export const metadata: Metadata = { title: { default: "Quire", template: "%s · Quire" } };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The theme script sets the `dark` class before React hydrates, so the class may differ from the server's.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        <ThemeFollower />
        <SkipLink />
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
