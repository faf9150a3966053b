import { AwsClient } from "aws4fetch";
import { z } from "zod";
import type { FileStorage } from "./file-storage";
import { blobKey, isBlobKey } from "./blob-key";

const DEFAULT_TIMEOUT_MS = 30_000;

/** Each setting and the environment variable it is read from, which is also the name errors use. */
const VARIABLES = {
  endpoint: "QUIRE_S3_ENDPOINT",
  bucket: "QUIRE_S3_BUCKET",
  region: "QUIRE_S3_REGION",
  accessKeyId: "QUIRE_S3_ACCESS_KEY_ID",
  secretAccessKey: "QUIRE_S3_SECRET_ACCESS_KEY",
  prefix: "QUIRE_S3_PREFIX",
} as const;

const REQUIRED = ["endpoint", "bucket", "accessKeyId", "secretAccessKey"] as const;

const s3ConfigSchema = z.object({
  // Joined with the bucket and key into the request path, so it must stay a bare origin (with an optional path).
  endpoint: z
    .url({ protocol: /^https?$/, error: "must be an http or https URL" })
    .refine((url) => {
      const parsed = new URL(url);
      return !parsed.search && !parsed.hash && !parsed.username && !parsed.password;
    }, "must not carry a query, a fragment or credentials")
    .transform((url) => url.replace(/\/+$/, "")),
  bucket: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name: 3 to 63 lowercase letters, digits, dots and hyphens"),
  region: z.string().trim().min(1).default("us-east-1"),
  accessKeyId: z.string().min(1),
  secretAccessKey: z.string().min(1),
  // URL-safe characters only, and no `.`/`..` segments, which URL parsing would resolve away.
  prefix: z
    .string()
    .regex(/^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*(?:[A-Za-z0-9_-][A-Za-z0-9._-]*)?$/, "may hold letters, digits, '.', '_', '-' and '/' between folder names")
    .default(""),
  timeoutMs: z.number().int().positive().default(DEFAULT_TIMEOUT_MS),
});

export type S3Config = z.input<typeof s3ConfigSchema>;

/** An S3 answer that is neither success nor "no such object", with the service's own error code when it gave one. */
export class S3StorageError extends Error {
  override name = "S3StorageError";
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** The S3 settings from `QUIRE_S3_*`; names the missing or invalid variables (never their values). */
export function s3ConfigFromEnv(env: Record<string, string | undefined> = process.env): S3Config {
  const read = (name: keyof typeof VARIABLES) => {
    const value = env[VARIABLES[name]]?.trim();
    return value ? value : undefined;
  };
  const missing = REQUIRED.filter((name) => read(name) === undefined).map((name) => VARIABLES[name]);
  if (missing.length) throw new Error(`QUIRE_STORAGE=s3 needs ${missing.join(", ")} to be set.`);
  const config = {
    endpoint: read("endpoint"),
    bucket: read("bucket"),
    region: read("region"),
    // Secrets are taken as given: surrounding spaces could be part of them.
    accessKeyId: env[VARIABLES.accessKeyId],
    secretAccessKey: env[VARIABLES.secretAccessKey],
    prefix: read("prefix"),
  };
  const parsed = s3ConfigSchema.safeParse(config);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${VARIABLES[issue.path[0] as keyof typeof VARIABLES]}: ${issue.message}`);
    throw new Error(`QUIRE_STORAGE=s3: ${problems.join("; ")}.`);
  }
  return parsed.data;
}

/**
 * File bytes as objects `{prefix}{sha256}` in a bucket of any S3-compatible service (AWS S3, MinIO,
 * Cloudflare R2), addressed path-style (`{endpoint}/{bucket}/{key}`), which all of them accept.
 * The endpoint is operator configuration, not user input, so requests go straight to it rather
 * than through server/net/safe-fetch.ts (which exists to keep callers' URLs off private networks).
 */
export function s3Storage(input: S3Config = s3ConfigFromEnv()): FileStorage {
  const config = s3ConfigSchema.parse(input);
  // A few retries of 5xx and 429 answers (S3 asks clients to retry its 503 SlowDown); the timeout bounds them all.
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: "s3",
    retries: 2,
  });
  const origin = new URL(config.endpoint).origin;

  async function request(method: "HEAD" | "GET" | "PUT", key: string, init: { headers?: Record<string, string>; body?: Uint8Array<ArrayBuffer> } = {}) {
    const object = `${config.bucket}/${config.prefix}${key}`;
    // The answer is raced against a timer of our own: aws4fetch signs by copying the Request, and
    // undici's copies follow their source's signal through weak references, so an abort could be
    // lost with a copy collected and the request wait forever. The abort still frees the socket.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), config.timeoutMs);
    timer.unref();
    const timedOut = new Promise<never>((_, reject) => deadline.signal.addEventListener("abort", () => reject(new Error("timed out")), { once: true }));
    // The timer stays armed for the body's reading; once the answer has come, its firing is no error.
    timedOut.catch(() => {});
    try {
      const response = await Promise.race([client.fetch(`${config.endpoint}/${object}`, { method, ...init, signal: deadline.signal }), timedOut]);
      return { response, object };
    } catch (error) {
      // Worded here rather than passed on: the request it came from holds the signed headers.
      const reason = deadline.signal.aborted ? `timed out after ${config.timeoutMs / 1000} s` : `could not reach ${origin} (${networkReason(error)})`;
      throw new S3StorageError(`S3 ${method} ${object}: ${reason}`);
    }
  }

  async function failure(method: string, object: string, response: Response): Promise<S3StorageError> {
    const code = errorCode(await response.text().catch(() => ""), response.headers);
    return new S3StorageError(`S3 ${method} ${object} failed: ${code ?? "no error code"} (HTTP ${response.status})`, response.status, code);
  }

  return {
    async put(bytes) {
      const key = blobKey(bytes);
      // Equal bytes have equal keys: an object already there is these very bytes. Any other answer
      // (404, or 403 when the credentials may not list the bucket) leaves it to the PUT to succeed or say why.
      const head = await request("HEAD", key);
      if (head.response.ok) return key;
      const { response, object } = await request("PUT", key, {
        // The key is the payload's SHA-256, so S3 checks the upload arrived intact at no cost.
        headers: { "content-type": "application/octet-stream", "x-amz-content-sha256": key },
        body: new Uint8Array(bytes),
      });
      if (!response.ok) throw await failure("PUT", object, response);
      await response.arrayBuffer();
      return key;
    },
    async get(key) {
      if (!isBlobKey(key)) return null;
      const { response, object } = await request("GET", key);
      if (response.ok) return Buffer.from(await response.arrayBuffer());
      const error = await failure("GET", object, response);
      // A missing bucket is also a 404, but a misconfiguration to report, not an absent file.
      if (response.status === 404 && (error.code === undefined || error.code === "NoSuchKey")) return null;
      throw error;
    },
  };
}

/** The `<Code>` of an S3 error document (or the `x-amz-error-code` header some services add), if it looks like one. */
function errorCode(body: string, headers: Headers): string | undefined {
  const code = /<Code>([A-Za-z0-9._-]{1,64})<\/Code>/.exec(body)?.[1] ?? headers.get("x-amz-error-code") ?? undefined;
  return code && /^[A-Za-z0-9._-]{1,64}$/.test(code) ? code : undefined;
}

/** The system error behind a failed fetch (`ECONNREFUSED`, `ENOTFOUND`, …), else its message. */
function networkReason(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (typeof cause?.code === "string") return cause.code;
  if (typeof cause?.message === "string") return cause.message;
  return error instanceof Error ? error.message : String(error);
}
