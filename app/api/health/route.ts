// Readiness probe for `npm start`, Playwright and the benchmark (its baseline: no database, no auth).
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ ok: true });
}
