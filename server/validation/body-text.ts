import { AppError } from "../errors";
import { jsonShapeProblem } from "./json-shape";

/** Largest request body read, in bytes: a page's markdown (256 KiB) several times over, with room for a batch. */
export const MAX_BODY_BYTES = 1024 * 1024;

const tooLarge = () => new AppError("payload_too_large", `body: larger than ${MAX_BODY_BYTES} bytes`);

/**
 * A request body's text, read no further than MAX_BODY_BYTES: a larger body is a 413 whether its
 * length is declared or not (a chunked body is counted as it arrives, never held whole).
 */
export async function readBodyText(request: Request): Promise<string> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  if (!request.body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The request with its JSON body read within the bounds /v1 applies (its size, then its arrays and
 * objects), for a handler that parses the body itself (tRPC): a copy holding the text read.
 */
export async function withBoundedJsonBody(request: Request): Promise<Request> {
  if (!request.body) return request;
  const text = await readBodyText(request);
  const problem = jsonShapeProblem(text);
  if (problem) throw new AppError("bad_request", `body: ${problem}`);
  return new Request(request, { body: text });
}
