import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { GET as downloadFile } from "../../app/files/[spaceId]/[key]/route";
import { db } from "../../server/db/client";
import { s3ConfigFromEnv, s3Storage, type S3Config } from "../../server/storage/s3-storage";
import { createTenant } from "../helpers/factories";
import { apiClient, startApiServer } from "../helpers/server";

// s3rver ships no type declarations: loaded through require, typed with the part of its API used here.
type S3rverOptions = { port: number; address: string; silent: boolean; directory: string; configureBuckets: { name: string }[] };
const S3rver = createRequire(import.meta.url)("s3rver") as new (options: S3rverOptions) => {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
};

const BUCKET = "quire";
// s3rver's built-in account. It checks the access key id but not SigV4 signatures.
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

let s3: InstanceType<typeof S3rver>;
let directory: string;
let config: S3Config;
let api: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "quire-s3rver-"));
  s3 = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3.run();
  config = { endpoint: `http://127.0.0.1:${port}`, bucket: BUCKET, ...CREDENTIALS };
  api = await startApiServer();
});
afterAll(async () => {
  await api?.close();
  await s3?.close();
  await rm(directory, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

/** Requests to the S3 peer made outside the store, to see what the store did. */
const peer = () => new AwsClient({ ...CREDENTIALS, service: "s3", region: "us-east-1" });

/** The keys of the objects in the bucket under `prefix` (ListObjects). */
async function listKeys(prefix = ""): Promise<string[]> {
  const response = await peer().fetch(`${config.endpoint}/${BUCKET}?prefix=${encodeURIComponent(prefix)}`);
  expect(response.status).toBe(200);
  return [...(await response.text()).matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1]!);
}

async function objectBytes(objectKey: string): Promise<Buffer | null> {
  const response = await peer().fetch(`${config.endpoint}/${BUCKET}/${objectKey}`);
  return response.ok ? Buffer.from(await response.arrayBuffer()) : null;
}

/** Every request the store sends goes through the global fetch (aws4fetch calls it with a signed Request). */
function watchRequests() {
  const spy = vi.spyOn(globalThis, "fetch");
  return () => spy.mock.calls.map(([input]) => `${(input as Request).method} ${new URL((input as Request).url).pathname}`);
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const someBytes = () => Buffer.concat([Buffer.from("file bytes "), randomBytes(32)]);

describe("s3Storage", () => {
  test("put answers the SHA-256 of the bytes; get answers the same bytes", async () => {
    const storage = s3Storage(config);
    const bytes = someBytes();
    const key = await storage.put(bytes);
    expect(key).toBe(sha256(bytes));
    expect((await storage.get(key))!.equals(bytes)).toBe(true);
    expect((await objectBytes(key))!.equals(bytes)).toBe(true);
  });

  test("the same bytes twice are stored once: the second put finds the object and uploads nothing", async () => {
    const storage = s3Storage(config);
    const bytes = someBytes();
    const key = sha256(bytes);
    const requests = watchRequests();
    expect(await storage.put(bytes)).toBe(key);
    expect(await storage.put(Buffer.from(bytes))).toBe(key);
    expect(requests()).toEqual([`HEAD /${BUCKET}/${key}`, `PUT /${BUCKET}/${key}`, `HEAD /${BUCKET}/${key}`]);
    expect(await listKeys(key)).toEqual([key]);
  });

  test("get of a key with no object answers null", async () => {
    expect(await s3Storage(config).get("f".repeat(64))).toBeNull();
  });

  test("get of anything but a SHA-256 key answers null without a request", async () => {
    const storage = s3Storage(config);
    const requests = watchRequests();
    for (const key of ["../../etc/passwd", "F".repeat(64), "f".repeat(63), `${"f".repeat(64)}/x`, ""]) {
      expect(await storage.get(key)).toBeNull();
    }
    expect(requests()).toEqual([]);
  });

  test("objects go under the prefix, and are read from there", async () => {
    const prefixed = s3Storage({ ...config, prefix: "quire/files/" });
    const bytes = someBytes();
    const key = await prefixed.put(bytes);
    expect(await listKeys("quire/files/")).toContain(`quire/files/${key}`);
    expect(await listKeys(key)).toEqual([]);
    expect((await objectBytes(`quire/files/${key}`))!.equals(bytes)).toBe(true);
    expect((await prefixed.get(key))!.equals(bytes)).toBe(true);
    // Another prefix is another store.
    expect(await s3Storage(config).get(key)).toBeNull();
  });

  test("an unknown access key id: put and get fail naming InvalidAccessKeyId, without the secret", async () => {
    const secretAccessKey = `secret-${randomBytes(12).toString("hex")}`;
    const storage = s3Storage({ ...config, accessKeyId: "NOT-A-KEY", secretAccessKey });
    const bytes = someBytes();
    const failure = await storage.put(bytes).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(`S3 PUT ${BUCKET}/${sha256(bytes)} failed: InvalidAccessKeyId (HTTP 403)`);
    const getFailure = await storage.get(sha256(bytes)).catch((error: Error) => error);
    expect((getFailure as Error).message).toBe(`S3 GET ${BUCKET}/${sha256(bytes)} failed: InvalidAccessKeyId (HTTP 403)`);
    for (const error of [failure, getFailure] as Error[]) {
      // The stack starts with the message; the JSON holds any extra properties.
      expect(`${error.stack}\n${JSON.stringify(error)}`).not.toMatch(new RegExp(`${secretAccessKey}|AWS4-HMAC-SHA256|Signature=`));
    }
    expect(await listKeys(sha256(bytes))).toEqual([]);
  });

  test("a bucket that does not exist: put and get fail naming NoSuchBucket", async () => {
    const storage = s3Storage({ ...config, bucket: "no-such-bucket" });
    const bytes = someBytes();
    await expect(storage.put(bytes)).rejects.toThrow(`S3 PUT no-such-bucket/${sha256(bytes)} failed: NoSuchBucket (HTTP 404)`);
    // A 404 that is not about the object is not "no such file".
    await expect(storage.get(sha256(bytes))).rejects.toThrow(`S3 GET no-such-bucket/${sha256(bytes)} failed: NoSuchBucket (HTTP 404)`);
  });

  test("a service that does not answer in time fails the request with a timeout", async () => {
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const storage = s3Storage({ ...config, endpoint: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, timeoutMs: 200 });
      await expect(storage.get("a".repeat(64))).rejects.toThrow(`S3 GET ${BUCKET}/${"a".repeat(64)}: timed out after 0.2 s`);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe("s3 settings", () => {
  const env = {
    QUIRE_S3_ENDPOINT: "http://minio:9000/",
    QUIRE_S3_BUCKET: "quire",
    QUIRE_S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
    QUIRE_S3_SECRET_ACCESS_KEY: "do-not-print-me",
  };

  test("read from QUIRE_S3_*, with the region and prefix defaulted", () => {
    expect(s3ConfigFromEnv(env)).toEqual({
      endpoint: "http://minio:9000",
      bucket: "quire",
      region: "us-east-1",
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "do-not-print-me",
      prefix: "",
      timeoutMs: 30_000,
    });
    expect(s3ConfigFromEnv({ ...env, QUIRE_S3_REGION: "auto", QUIRE_S3_PREFIX: "quire/" })).toMatchObject({ region: "auto", prefix: "quire/" });
  });

  test("missing settings are named, all at once, without any value", () => {
    expect(() => s3ConfigFromEnv({})).toThrow(
      "QUIRE_STORAGE=s3 needs QUIRE_S3_ENDPOINT, QUIRE_S3_BUCKET, QUIRE_S3_ACCESS_KEY_ID, QUIRE_S3_SECRET_ACCESS_KEY to be set.",
    );
    expect(() => s3ConfigFromEnv({ ...env, QUIRE_S3_BUCKET: " ", QUIRE_S3_SECRET_ACCESS_KEY: "" })).toThrow(
      "QUIRE_STORAGE=s3 needs QUIRE_S3_BUCKET, QUIRE_S3_SECRET_ACCESS_KEY to be set.",
    );
  });

  test("invalid settings are named with the rule they break, without any value", () => {
    let message = "";
    try {
      s3ConfigFromEnv({ ...env, QUIRE_S3_ENDPOINT: "ftp://minio", QUIRE_S3_BUCKET: "Not_A_Bucket", QUIRE_S3_PREFIX: "../up/" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^QUIRE_STORAGE=s3: QUIRE_S3_ENDPOINT: must be an http or https URL; QUIRE_S3_BUCKET: must be an S3 bucket name.*; QUIRE_S3_PREFIX: may hold/);
    expect(message).not.toMatch(/do-not-print-me|AKIAEXAMPLE|Not_A_Bucket/);
    expect(() => s3ConfigFromEnv({ ...env, QUIRE_S3_ENDPOINT: "https://user:pass@s3.example.com" })).toThrow(
      "QUIRE_S3_ENDPOINT: must not carry a query, a fragment or credentials",
    );
  });

  test("QUIRE_STORAGE=s3 without its settings fails when the store is chosen, naming them", async () => {
    // A fresh copy of the module, whose store is not chosen yet (the one the app imports is used below).
    vi.resetModules();
    const { fileStorage } = await import("../../server/storage/file-storage");
    vi.stubEnv("QUIRE_STORAGE", "s3");
    vi.stubEnv("QUIRE_S3_ENDPOINT", config.endpoint);
    vi.stubEnv("QUIRE_S3_BUCKET", undefined);
    vi.stubEnv("QUIRE_S3_ACCESS_KEY_ID", undefined);
    vi.stubEnv("QUIRE_S3_SECRET_ACCESS_KEY", undefined);
    expect(() => fileStorage()).toThrow("QUIRE_STORAGE=s3 needs QUIRE_S3_BUCKET, QUIRE_S3_ACCESS_KEY_ID, QUIRE_S3_SECRET_ACCESS_KEY to be set.");
  });
});

describe("QUIRE_STORAGE=s3 through the app", () => {
  test("a file uploaded through /v1 lands in the bucket and downloads with its bytes", async () => {
    // fileStorage() chooses its store on its first call and keeps it for the module's life. Vitest
    // gives each test file its own module graph, and nothing in this file stores a file through the
    // app before this test, so stubbing the variables here, once s3rver's port is known, makes the
    // app's first choice S3. They are unstubbed after the test; the chosen store stays with this file.
    vi.stubEnv("QUIRE_STORAGE", "s3");
    vi.stubEnv("QUIRE_S3_ENDPOINT", config.endpoint);
    vi.stubEnv("QUIRE_S3_BUCKET", BUCKET);
    vi.stubEnv("QUIRE_S3_ACCESS_KEY_ID", CREDENTIALS.accessKeyId);
    vi.stubEnv("QUIRE_S3_SECRET_ACCESS_KEY", CREDENTIALS.secretAccessKey);
    vi.stubEnv("QUIRE_S3_PREFIX", "app/");

    const tenant = await createTenant();
    const admin = apiClient(api.url, tenant.admin.token);
    const space = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Docs" })).body;
    const changeRequest = (await admin.post(`/v1/spaces/${space.id}/change-requests`, { subject: "A file" })).body;
    const bytes = Buffer.from(`notes ${randomBytes(16).toString("hex")}\n`);
    const response = await admin.post(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content?compat=false`, {
      changes: [{ operation: "insert_files", files: [{ name: "notes.txt", contentType: "text/plain", base64: bytes.toString("base64") }] }],
    });
    expect(response.status).toBe(200);
    const [file] = response.body.insertedFiles;
    expect(file).toMatchObject({ name: "notes.txt", contentType: "text/plain", size: bytes.length });

    const url = new URL(file.downloadURL);
    const [, , spaceId, key] = url.pathname.split("/");
    expect(spaceId).toBe(space.id);
    expect(key).toBe(sha256(bytes));
    const served = await downloadFile(new Request(`http://localhost${url.pathname}`, { headers: { authorization: `Bearer ${tenant.admin.token}` } }), {
      params: Promise.resolve({ spaceId: spaceId!, key: key! }),
    });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("text/plain");
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);

    // The bytes are in the bucket, under the prefix, and not in PostgreSQL.
    expect((await objectBytes(`app/${key}`))!.equals(bytes)).toBe(true);
    const [row] = await db().$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM file_blobs WHERE key = ${key}`;
    expect(row!.count).toBe(0);
  });
});
