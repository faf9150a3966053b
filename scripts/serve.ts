/**
 * The app server: Next.js behind Node's own HTTP server, so that malformed requests get our
 * answers (server/http/request-guard.ts) instead of Next.js's plain-text 500s, and a taken port
 * is one line rather than a stack trace. `npm start` runs it (bundled, see spawnServer) once the
 * database is ready; with `DATABASE_URL` set, each `npm start` is one more stateless app server.
 */
import type { Server } from "node:http";
import { readFileSync } from "node:fs";
import { keepEncodedBodies, KEEPS_ENCODING_ENV } from "../server/http/encoded-responses";
import { createGuardedServer } from "../server/http/request-guard";
import { closePdfBrowser } from "../server/pdf/browser";
import { routeSiteHost } from "../server/sites/serve/site-hosts";
import { collectWhenQuiet } from "./idle-collection";
import { EXIT_PORT_IN_USE, portInUseMessage, SERVER_READY } from "./server-protocol";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT || 3000);
/** Time without a request after which the server gives memory back (scripts/idle-collection.ts). */
const QUIET_MS = 10_000;

// Stop taking requests, let Next.js finish and close the PDF printer's Chromium, then exit; a second
// signal exits at once. Listened for before anything slow: `npm start` may stop (or be killed) while
// Next.js loads or prepares, and a server that missed it would run on for nobody.
let closing = false;
let shutDownServer: () => Promise<unknown> = async () => {};
function shutDown() {
  if (closing) process.exit(1);
  closing = true;
  void shutDownServer().finally(() => process.exit(0));
}
process.on("SIGINT", shutDown);
process.on("SIGTERM", shutDown);
// Started by `npm start`: end with it even if it is killed outright (possibly before we got here).
if (process.send) {
  process.once("disconnect", shutDown);
  if (!process.connected) shutDown();
}

// Next.js reads NODE_ENV when it is loaded, as `next start` and `next dev` set it.
(process.env as Record<string, string>).NODE_ENV ??= dev ? "development" : "production";
// In production Next takes the config the build resolved (`.next/required-server-files.json`), as
// its standalone server does: reading next.config.ts itself would load its SWC compiler for the
// server's lifetime (31 MB resident, two threads) only to read a few settings.
if (!dev) process.env.__NEXT_PRIVATE_STANDALONE_CONFIG ??= JSON.stringify(JSON.parse(readFileSync(".next/required-server-files.json", "utf8")).config);
const { default: next } = await import("next");

const app = next({ dev, port, hostname: "localhost" });
const handle = app.getRequestHandler();
// The port is taken first (a taken port fails fast, before the slow preparation); requests wait for it.
let prepared: Promise<void> | undefined;
process.env[KEEPS_ENCODING_ENV] = "1";
const quiet = collectWhenQuiet(QUIET_MS);
const server = createGuardedServer((req, res) => {
  quiet.request();
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
shutDownServer = () => {
  server.close();
  server.closeIdleConnections();
  return Promise.allSettled([app.close(), closePdfBrowser()]);
};
prepared = app.prepare();
await prepared;

// Started by `npm start`: tell it we serve.
if (process.connected) process.send!(SERVER_READY);

function listen(target: Server, listenPort: number): Promise<void> {
  return new Promise((resolve, reject) => {
    target.once("error", reject);
    target.listen(listenPort, () => {
      target.off("error", reject);
      resolve();
    });
  });
}
