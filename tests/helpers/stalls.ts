import { monitorEventLoopDelay } from "node:perf_hooks";
import { v1Router } from "../../server/api/v1";

/** The longest any one request may block the event loop: part 6 of issue 7 (no request may stall the others). */
export const MAX_STALL_MS = 100;

/**
 * Runs `work` and answers its result with the longest the event loop was blocked meanwhile, in
 * ms: a 10 ms timer's lateness, as Node measures it. The /v1 router runs in the test process, so
 * a request that stalls the server stalls this timer.
 */
export async function measureStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  try {
    const result = await work();
    return { result, stallMs: delay.max / 1e6 };
  } finally {
    delay.disable();
  }
}

export type RouterAnswer = { status: number; body: any; stallMs: number };

/**
 * One call to the real /v1 router, in-process, measuring the stall of the server's part only:
 * the body is serialized before and the answer parsed after (an HTTP client in this process
 * would add its own work to what is measured).
 */
export async function callRouter(token: string, method: string, path: string, body?: unknown): Promise<RouterAnswer> {
  const text = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
  const request = new Request(`http://quire.test${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(text === undefined ? {} : { "Content-Type": "application/json" }) },
    body: text,
  });
  const { result, stallMs } = await measureStall(async () => {
    const response = await v1Router.handle(request);
    return { status: response.status, text: await response.text() };
  });
  return { status: result.status, body: result.text ? JSON.parse(result.text) : undefined, stallMs };
}
