import { existsSync } from "node:fs";
import type { Browser } from "playwright-core";
import { AppError } from "../errors";

/**
 * The Chromium that prints PDFs: one per app server, launched on the first PDF and reused, at most
 * `MAX_RENDERS` pages at once with a short queue behind them. A render that cannot start soon
 * enough is a 503 with Retry-After, never an unbounded pile of tabs.
 */

export const MAX_RENDERS = 2;
export const MAX_WAITING = 8;
/** How long a render may wait for a free slot before the request is turned away. */
const QUEUE_WAIT_MS = 15_000;
const RETRY_AFTER_SECONDS = 10;

const LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"];

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || "/usr/bin/chromium";
}

/** 503 with the time to come back: the browser is busy or missing, which a later try (or an install) cures. */
export function unavailable(message: string, retryAfterSeconds = RETRY_AFTER_SECONDS): AppError {
  return new AppError("unavailable", message, { retryAfterSeconds });
}

type BrowserState = { browser: Promise<Browser> | null; running: number; waiting: (() => void)[] };

// Kept on globalThis so the server's shutdown (scripts/serve.ts) and Next.js's bundle of this module share one browser.
const stateKey = Symbol.for("quire.pdf.browser");
const state: BrowserState = ((globalThis as Record<symbol, unknown>)[stateKey] as BrowserState | undefined) ?? ((globalThis as Record<symbol, unknown>)[stateKey] = { browser: null, running: 0, waiting: [] });

async function launch(): Promise<Browser> {
  const executablePath = chromiumPath();
  // An executable outside the project: the build must not trace the file system for it.
  if (!existsSync(/*turbopackIgnore: true*/ executablePath)) {
    throw unavailable(
      `PDFs are printed by Chromium, which is not installed at ${executablePath}: install it (on Debian or Ubuntu: apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome executable.`,
      3600,
    );
  }
  const { chromium } = await import("playwright-core");
  // Playwright still kills the browser when this process exits; signals are the server's to handle (it calls closePdfBrowser).
  return chromium.launch({ executablePath, args: LAUNCH_ARGS, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false });
}

/** The shared browser, launched now if it is not running (or crashed). */
export function pdfBrowser(): Promise<Browser> {
  if (!state.browser) {
    const launching = launch();
    state.browser = launching;
    // A failed launch is not kept: the next PDF tries again (e.g. once Chromium is installed).
    const forget = () => {
      if (state.browser === launching) state.browser = null;
    };
    // A crashed browser is not kept either.
    launching.then((browser) => browser.on("disconnected", forget), forget);
  }
  return state.browser;
}

/** Closes the browser if one is running (server shutdown, end of a test file). */
export async function closePdfBrowser(): Promise<void> {
  const launching = state.browser;
  state.browser = null;
  if (!launching) return;
  try {
    await (await launching).close();
  } catch {
    // It never started, or is already gone.
  }
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
