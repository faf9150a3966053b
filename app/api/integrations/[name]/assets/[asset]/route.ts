import { serveIntegrationAsset } from "@/server/integrations/registry/serve-asset";

// An integration's icon or preview image (server/integrations/registry/serve-asset.ts).
export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ name: string; asset: string }> }) {
  const { name, asset } = await params;
  return serveIntegrationAsset(request, name, asset);
}
