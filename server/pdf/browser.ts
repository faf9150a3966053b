import { existsSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { AppError } from "../errors";
import { WORKER_EXEC_ARGV } from "../workers/worker-pool";
import type { PrinterReply, PrinterRequest, PrintJob } from "./printer-protocol";

/**
 * The Chromium that prints PDFs: one per app server, launched on the first PDF and reused, at most
 * `MAX_RENDERS` pages at once with a short queue behind them. A render that cannot start soon
 * enough is a 503 with Retry-After, never an unbounded pile of tabs. Playwright, which drives it,
 * runs in a thread of its own (print-worker.ts): its protocol work on large documents and fonts
 * would otherwise stall every request of this server.
 */

export const MAX_RENDERS = 2;
export const MAX_WAITING = 8;
/** How long a render may wait for a free slot before the request is turned away. */
const QUEUE_WAIT_MS = 15_000;
const RETRY_AFTER_SECONDS = 10;
/** How long closing waits for the browser to quit before the thread is ended regardless. */
const CLOSE_WAIT_MS = 5_000;

/** Debian's headless shell by default: Chromium's engine without the desktop browser around it (lighter to install and to run). */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell";
}

/** 503 with the time to come back: the browser is busy or missing, which a later try (or an install) cures. */
export function unavailable(message: string, retryAfterSeconds = RETRY_AFTER_SECONDS): AppError {
  return new AppError("unavailable", message, { retryAfterSeconds });
}

/** A document's resources other than fonts (the space's images), read by this thread for the printer. */
export type PdfResource = { body: Buffer; contentType: string };
export type PdfResourceResolver = (pathname: string) => Promise<PdfResource | null>;

type PendingJob = { resolve: (pdf: Buffer) => void; reject: (error: Error) => void; resource?: PdfResourceResolver };
type PrinterState = { worker: Worker | null; jobs: Map<number, PendingJob>; nextJob: number; running: number; waiting: (() => void)[] };

// Kept on globalThis so the server's shutdown (scripts/serve.ts) and Next.js's bundle of this module share one printer.
const stateKey = Symbol.for("quire.pdf.printer");
const state: PrinterState = ((globalThis as Record<symbol, unknown>)[stateKey] as PrinterState | undefined) ??
  ((globalThis as Record<symbol, unknown>)[stateKey] = { worker: null, jobs: new Map(), nextJob: 0, running: 0, waiting: [] });

function post(worker: Worker, request: PrinterRequest, transfer: ArrayBuffer[] = []): void {
  worker.postMessage(request, transfer);
}

function onReply(worker: Worker, reply: PrinterReply): void {
  if (reply.type === "closed") return;
  const job = state.jobs.get(reply.jobId);
  if (reply.type === "resource") {
    // Always answered, also for a render already given up on: the printer keeps the request until then.
    const resolve = job?.resource ? job.resource(reply.pathname).catch(() => null) : Promise.resolve(null);
    void resolve.then((resource) => post(worker, { type: "resource", requestId: reply.requestId, resource: resource && { body: resource.body, contentType: resource.contentType } }));
    return;
  }
  if (!job) return;
  state.jobs.delete(reply.jobId);
  if (reply.type === "printed") job.resolve(Buffer.from(reply.pdf));
  else job.reject(new Error(`Printing a PDF failed: ${reply.message}`));
}

/** The printer thread, started now if it is not running (or died). */
function printer(): Worker {
  if (!state.worker) {
    // Written exactly so, options included: the production bundler recognizes `new Worker(new URL(…, import.meta.url), { … })`.
    const worker = new Worker(new URL("./print-worker.ts", import.meta.url), {
      execArgv: WORKER_EXEC_ARGV,
    });
    // An idle printer does not keep a process (a test run, a script) alive.
    worker.unref();
    worker.on("message", (reply: PrinterReply) => onReply(worker, reply));
    worker.on("error", (error) => console.error("The PDF printer thread failed:", error));
    worker.on("exit", () => {
      if (state.worker === worker) state.worker = null;
      for (const [id, job] of state.jobs) {
        state.jobs.delete(id);
        job.reject(new Error("The PDF printer thread stopped."));
      }
    });
    state.worker = worker;
  }
  return state.worker;
}

/**
 * Prints `document` in the printer thread. Past `timeoutMs` the answer is a 503 and the thread is
 * told to close the page under the render. This thread keeps the only clock, so a slow machine
 * cannot turn a timeout into some other failure.
 */
export function printDocument(document: string, format: "A4" | "Letter", options: { resource?: PdfResourceResolver; timeoutMs: number }): Promise<Buffer> {
  const executablePath = chromiumPath();
  // An executable outside the project: the build must not trace the file system for it.
  if (!existsSync(/*turbopackIgnore: true*/ executablePath)) {
    return Promise.reject(
      unavailable(
        `PDFs are printed by Chromium, which is not installed at ${executablePath}: install it (on Debian or Ubuntu: apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome executable.`,
        3600,
      ),
    );
  }
  const worker = printer();
  const job: PrintJob = { id: state.nextJob++, document, format, executablePath, hasResources: !!options.resource };
  return new Promise<Buffer>((resolve, reject) => {
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      state.jobs.delete(job.id);
      if (state.jobs.size === 0) worker.unref();
      settle();
    };
    const timer = setTimeout(() => {
      post(worker, { type: "cancel", jobId: job.id });
      finish(() => reject(unavailable(`The PDF took longer than ${options.timeoutMs / 1000} s to print: try again, or export fewer pages.`)));
    }, options.timeoutMs);
    // Referenced while a job runs, so the process waits for its PDF.
    worker.ref();
    state.jobs.set(job.id, { resolve: (pdf) => finish(() => resolve(pdf)), reject: (error) => finish(() => reject(error)), resource: options.resource });
    post(worker, { type: "print", job });
  });
}

/** Closes the browser and its thread if they run (server shutdown, end of a test file). */
export async function closePdfBrowser(): Promise<void> {
  const worker = state.worker;
  state.worker = null;
  if (!worker) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, CLOSE_WAIT_MS);
    worker.on("message", (reply: PrinterReply) => {
      if (reply.type !== "closed") return;
      clearTimeout(timer);
      resolve();
    });
    post(worker, { type: "close" });
  });
  await worker.terminate();
}

/** Runs `work` once a render slot is free; 503 when too many wait, or the wait is too long. */
export async function withRenderSlot<T>(work: () => Promise<T>): Promise<T> {
  if (state.running >= MAX_RENDERS) {
    if (state.waiting.length >= MAX_WAITING) throw unavailable("Too many PDFs are being printed right now: try again in a few seconds.");
    await new Promise<void>((resolve, reject) => {
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        state.waiting.splice(state.waiting.indexOf(wake), 1);
        reject(unavailable("Too many PDFs are being printed right now: try again in a few seconds."));
      }, QUEUE_WAIT_MS);
      state.waiting.push(wake);
    });
  } else {
    state.running++;
  }
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is freed.
    const next = state.waiting.shift();
    if (next) next();
    else state.running--;
  }
}
