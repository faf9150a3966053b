import { parentPort } from "node:worker_threads";
import type { Browser, BrowserContext, Route } from "playwright-core";
import { fontFile } from "./fonts";
import type { PrinterReply, PrinterRequest, PrintJob } from "./printer-protocol";

/**
 * The PDF printer's thread (spawned by server/pdf/browser.ts). Playwright drives Chromium from the
 * process that launched it: every protocol message — the document, each font and image fulfilled
 * base64-encoded, the PDF read back — is encoded and decoded there. Here, that work never holds
 * the app server's event loop: a deeply nested page once stalled it for 400 ms.
 */

const LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"];

/** Where the document is served from inside the browser: a name nothing else answers to. */
const DOCUMENT_ORIGIN = "https://print.quire.invalid";

const port = parentPort!;
let browser: Promise<Browser> | null = null;
/** Resource requests waiting for the main thread's answer, by request id. */
const pendingResources = new Map<number, (resource: { body: Uint8Array; contentType: string } | null) => void>();
let nextResourceId = 0;
/** Renders under way, by job id: the context to close when the main thread cancels one. */
const running = new Map<number, { context?: BrowserContext; canceled: boolean }>();

function send(reply: PrinterReply, transfer: ArrayBuffer[] = []): void {
  port.postMessage(reply, transfer);
}

function launched(executablePath: string): Promise<Browser> {
  if (!browser) {
    const launching = import("playwright-core").then(({ chromium }) =>
      // Signals are the app server's to handle: it closes the printer (and so this browser) on shutdown.
      chromium.launch({ executablePath, args: LAUNCH_ARGS, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false }),
    );
    browser = launching;
    // A failed launch or a crashed browser is not kept: the next PDF launches again.
    const forget = () => {
      if (browser === launching) browser = null;
    };
    launching.then((running) => running.on("disconnected", forget), forget);
  }
  return browser;
}

/** A resource of the document (an image of the space), asked of the main thread, which reads storage. */
function resourceFromMain(jobId: number, pathname: string): Promise<{ body: Uint8Array; contentType: string } | null> {
  const requestId = nextResourceId++;
  return new Promise((resolve) => {
    pendingResources.set(requestId, resolve);
    send({ type: "resource", jobId, requestId, pathname });
  });
}

async function answer(route: Route, job: PrintJob): Promise<void> {
  const request = route.request();
  const url = new URL(request.url());
  if (url.origin !== DOCUMENT_ORIGIN || request.method() !== "GET") return route.abort("blockedbyclient");
  if (url.pathname === "/" && request.isNavigationRequest() && request.frame().parentFrame() === null) {
    return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: job.document });
  }
  if (request.isNavigationRequest()) return route.abort("blockedbyclient");
  const font = await fontFile(url.pathname);
  if (font) return route.fulfill({ status: 200, contentType: "font/woff2", body: font });
  const served = job.hasResources ? await resourceFromMain(job.id, url.pathname) : null;
  if (served) return route.fulfill({ status: 200, contentType: served.contentType, body: Buffer.from(served.body) });
  return route.fulfill({ status: 404, body: "" });
}

async function print(context: BrowserContext, job: PrintJob): Promise<Buffer> {
  // A request still being answered when the context closes (a timeout) has nobody left to answer.
  await context.route("**/*", (route) => answer(route, job).catch(() => undefined));
  const page = await context.newPage();
  // The caller's time limit ends the render; Playwright's own would stop at 30 s.
  await page.goto(`${DOCUMENT_ORIGIN}/`, { waitUntil: "load", timeout: 0 });
  return page.pdf({ format: job.format, printBackground: true, preferCSSPageSize: true, tagged: true, outline: true });
}

async function run(job: PrintJob): Promise<void> {
  const render: { context?: BrowserContext; canceled: boolean } = { canceled: false };
  running.set(job.id, render);
  try {
    const browserRunning = await launched(job.executablePath);
    if (render.canceled) return;
    const context = await browserRunning.newContext({ javaScriptEnabled: false, serviceWorkers: "block", acceptDownloads: false });
    render.context = context;
    if (render.canceled) return;
    const pdf = await print(context, job);
    const bytes = pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.byteLength) as ArrayBuffer;
    send({ type: "printed", jobId: job.id, pdf: bytes }, [bytes]);
  } catch (error) {
    send({ type: "failed", jobId: job.id, message: error instanceof Error ? error.message : String(error) });
  } finally {
    running.delete(job.id);
    await render.context?.close().catch(() => undefined);
  }
}

port.on("message", (message: PrinterRequest) => {
  switch (message.type) {
    case "print":
      void run(message.job);
      break;
    case "cancel": {
      // Closing the context under the render makes it fail; the main thread has already answered.
      const render = running.get(message.jobId);
      if (render) {
        render.canceled = true;
        void render.context?.close().catch(() => undefined);
      }
      break;
    }
    case "resource":
      pendingResources.get(message.requestId)?.(message.resource);
      pendingResources.delete(message.requestId);
      break;
    case "close":
      void (browser ?? Promise.resolve(null))
        .then((running) => running?.close())
        .catch(() => undefined)
        .finally(() => send({ type: "closed" }));
      browser = null;
      break;
  }
});
