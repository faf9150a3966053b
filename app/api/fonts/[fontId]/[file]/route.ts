import { serveFontFile } from "@/server/fonts/serve-font-file";

// A custom font's file, public like a site's favicon (server/fonts/serve-font-file.ts).
export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ fontId: string; file: string }> }) {
  const { fontId, file } = await params;
  return serveFontFile(fontId, file);
}
