import { v1Router } from "../../server/api/v1";
import { measureStall } from "./measure-stall";

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
