/**
 * Debian packages Quire runs programs from, installed where they are missing: as root on Debian or
 * Ubuntu with apt-get; elsewhere we say exactly what to install. `npm test` needs them all; `npm start`
 * installs what its features need (PDF export prints with Chromium).
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chromiumPath } from "../server/pdf/browser";

/** A Debian package and the program of it we run (its presence is the check). */
export type SystemPackage = { name: string; program: string };

/** Chromium's headless shell prints PDFs (server/pdf/browser.ts) and runs the browser tests. */
const CHROMIUM_PACKAGE = "chromium-headless-shell";
export const chromium = (): SystemPackage => ({ name: CHROMIUM_PACKAGE, program: chromiumPath() });
/** poppler's pdftotext: the tests' second reader of the PDFs Chromium prints. */
const pdftotext: SystemPackage = { name: "poppler-utils", program: "/usr/bin/pdftotext" };

/** What `npm test` needs. */
export const testPackages = () => [chromium(), pdftotext];

/**
 * Installs the missing packages when we can (root, apt-get). True when every program is there after;
 * otherwise it has said what is missing, what it is for, and how to install it.
 */
export async function ensureSystemPackages(packages: SystemPackage[], purpose: string, log: (line: string) => void = console.error): Promise<boolean> {
  const missing = () => packages.filter((pkg) => !existsSync(pkg.program));
  const names = missing().map((pkg) => pkg.name);
  if (names.length === 0) return true;
  // A CHROMIUM_PATH that points nowhere is the user's to fix: installing Debian's would not put it there.
  const canInstall = !(names.includes(CHROMIUM_PACKAGE) && process.env.CHROMIUM_PATH) && process.getuid?.() === 0 && existsSync("/etc/debian_version") && existsSync("/usr/bin/apt-get");
  if (canInstall) {
    log(`Installing Debian's ${names.join(" and ")} for ${purpose} (apt-get, once; about a minute)…`);
    const env = { DEBIAN_FRONTEND: "noninteractive" };
    if ((await run("apt-get", ["update", "-qq"], env)) === 0 && (await run("apt-get", ["install", "-y", "-qq", ...names], env)) === 0 && missing().length === 0) return true;
    log(`Installing ${names.join(" and ")} with apt-get failed (see above).`);
  }
  log(
    `${purpose[0]!.toUpperCase()}${purpose.slice(1)} need ${missing().map((pkg) => pkg.program).join(" and ")}; install them, e.g. on Debian or Ubuntu: ` +
      `sudo apt-get update && sudo apt-get install -y ${missing().map((pkg) => pkg.name).join(" ")}` +
      (names.includes(CHROMIUM_PACKAGE) ? " (CHROMIUM_PATH may point at a Chromium or Chrome executable instead)." : "."),
  );
  return false;
}

function run(command: string, args: string[], env: Record<string, string>): Promise<number> {
  // apt's progress goes to stderr, beside our own notices.
  const child = spawn(command, args, { stdio: ["ignore", 2, 2], env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.once("error", () => resolve(127));
    child.once("exit", (code) => resolve(code ?? 1));
  });
}
