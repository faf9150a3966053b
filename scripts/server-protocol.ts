/**
 * What `npm start` (scripts/start.ts) and the app server it spawns (scripts/serve.ts) tell each
 * other. Kept apart from app-server.ts so that the app server loads none of its imports (Prisma,
 * the seed, the job queue): Next.js's build bundles its own copies.
 */

/** Exit code of an app server whose port is taken (it has said so), told apart from a crash. */
export const EXIT_PORT_IN_USE = 3;

/** What the app server sends its parent once it listens and Next.js is prepared. */
export const SERVER_READY = "ready";

/** The one line printed when the app server's port is taken. */
export function portInUseMessage(port: number): string {
  return `Port ${port} is already in use: stop what is using it, or set PORT to another port.`;
}
