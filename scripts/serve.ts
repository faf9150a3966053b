/**
 * The app server: Next.js behind Node's own HTTP server, so that malformed requests get our
 * answers (server/http/request-guard.ts) instead of Next.js's plain-text 500s, and a taken port
 * is one line rather than a stack trace. `npm start` runs it (bundled, see spawnServer) once the
 * database is ready; with `DATABASE_URL` set, each `npm start` is one more stateless app server.
 */
import type { Server } from "node:http";
import { keepEncodedBodies, KEEPS_ENCODING_ENV } from "../server/http/encoded-responses";
import { createGuardedServer } from "../server/http/request-guard";
import { closePdfBrowser } from "../server/pdf/browser";
import { routeSiteHost } from "../server/sites/serve/site-hosts";
import { EXIT_PORT_IN_USE, portInUseMessage, SERVER_READY } from "./server-protocol";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT || 3000);
// Next.js reads NODE_ENV when it is loaded, as `next start` and `next dev` set it.
(process.env as Record<string, string>).NODE_ENV ??= dev ? "development" : "production";
const { default: next } = await import("next");

const app = next({ dev, port, hostname: "localhost" });
const handle = app.getRequestHandler();
// The port is taken first (a taken port fails fast, before the slow preparation); requests wait for it.
let prepared: Promise<void> | undefined;
process.env[KEEPS_ENCODING_ENV] = "1";
const server = createGuardedServer((req, res) => {
  keepEncodedBodies(res);
  // A published site's custom hostname or proxy path goes to the site's route (server/sites/serve/site-hosts.ts).
  void prepared!
    .then(() => routeSiteHost(req))
    .catch((error: unknown) => console.error("Routing a request to a published site failed:", error))
    .then(() => handle(req, res));
});

try {
  await listen(server, port);
} catch (error) {
  if ((error as { code?: string }).code !== "EADDRINUSE") throw error;
  console.error(portInUseMessage(port));
  process.exit(EXIT_PORT_IN_USE);
}
prepared = app.prepare();
await prepared;

// Stop taking requests, let Next.js finish and close the PDF printer's Chromium, then exit; a second signal exits at once.
let closing = false;
function shutDown() {
  if (closing) process.exit(1);
  closing = true;
  server.close();
  server.closeIdleConnections();
  void Promise.allSettled([app.close(), closePdfBrowser()]).finally(() => process.exit(0));
}
process.on("SIGINT", shutDown);
process.on("SIGTERM", shutDown);
// Started by `npm start`: tell it we serve, and end with it even if it is killed outright.
process.send?.(SERVER_READY);
process.once("disconnect", shutDown);

function listen(target: Server, listenPort: number): Promise<void> {
  return new Promise((resolve, reject) => {
    target.once("error", reject);
    target.listen(listenPort, () => {
      target.off("error", reject);
      resolve();
    });
  });
}
