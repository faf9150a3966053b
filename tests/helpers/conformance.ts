import { createRequire } from "node:module";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/**
 * Validates answers against the reference OpenAPI document shipped by `@gitbook/api`:
 * the schema the reference gives for that operation and status.
 */
type OpenApi = {
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, { content?: { "application/json"?: { schema: unknown } }; $ref?: string }> }>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, { content?: { "application/json"?: { schema: unknown } } }> };
};

const require = createRequire(import.meta.url);
export const reference: OpenApi = require("@gitbook/api/spec/openapi.json");

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
// The reference's own formats: an emoji (or none) and an icon name.
ajv.addFormat("emoji", /^$|^[^\s\p{L}\p{N}]{1,12}$|^[0-9a-f]{2,6}(-[0-9a-f]{2,6})*$/u);
ajv.addFormat("icon", /^[a-z0-9-]{1,64}$/);
ajv.addSchema({ $id: "ref", components: reference.components }, "ref");

const operations = new Map<string, Record<string, unknown>>();
for (const methods of Object.values(reference.paths)) {
  for (const operation of Object.values(methods)) {
    if (operation?.operationId && operation.responses) operations.set(operation.operationId, operation.responses);
  }
}

export function hasReferenceOperation(operationId: string): boolean {
  return operations.has(operationId);
}

function rewriteRefs(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/components/', '"$ref":"ref#/components/'));
}

function responseSchema(operationId: string, status: number): unknown | undefined {
  const responses = operations.get(operationId) as Record<string, { content?: { "application/json"?: { schema: unknown } }; $ref?: string }> | undefined;
  if (!responses) throw new Error(`The reference has no operation ${operationId}`);
  let response = responses[String(status)] ?? (status >= 400 ? responses.default : undefined);
  if (response?.$ref) response = reference.components.responses[response.$ref.split("/").pop()!];
  if (!response && status >= 400) return rewriteRefs({ $ref: "#/components/schemas/Error" });
  if (!response) throw new Error(`The reference has no ${status} answer for ${operationId}`);
  return response.content?.["application/json"]?.schema ? rewriteRefs(response.content["application/json"].schema) : undefined;
}

const compiled = new Map<string, ReturnType<typeof ajv.compile>>();

/** Throws when `body` is not what the reference promises for `operationId` answering `status`. */
export function assertConforms(operationId: string, status: number, body: unknown): void {
  const key = `${operationId} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    const schema = responseSchema(operationId, status);
    if (schema === undefined) {
      if (body !== undefined && body !== null && body !== "") throw new Error(`${key}: the reference expects no body`);
      return;
    }
    validate = ajv.compile(schema as object);
    compiled.set(key, validate);
  }
  if (!validate(body)) {
    throw new Error(`${key} does not conform to the reference: ${ajv.errorsText(validate.errors, { separator: "\n" })}\n${JSON.stringify(body).slice(0, 2000)}`);
  }
}

const compiledSchemas = new Map<string, ReturnType<typeof ajv.compile>>();

/** Validates a value against a named schema of the reference (for operations it lacks). */
export function assertConformsToSchema(schemaName: string, body: unknown): void {
  // Compiled once: every error answer is checked against `Error`, thousands of times in a run.
  let validate = compiledSchemas.get(schemaName);
  if (!validate) {
    validate = ajv.compile(rewriteRefs({ $ref: `#/components/schemas/${schemaName}` }) as object);
    compiledSchemas.set(schemaName, validate);
  }
  if (!validate(body)) throw new Error(`${schemaName}: ${ajv.errorsText(validate.errors)}`);
}

/**
 * An answer of `getChangeRequestChanges`, item by item. The reference's `page_edited.attributes`
 * is a oneOf of three schemas that every attributes object matches at once, so no answer holding
 * a page_edited can pass the automatic check: such answers are fetched without it and checked here.
 */
export function assertChangesConform(body: { changes: { type: string; page?: unknown; attributes?: unknown }[] }): void {
  const schemas: Record<string, string> = {
    page_created: "PageCreated",
    page_moved: "PageMoved",
    page_deleted: "PageDeleted",
    file_created: "FileCreated",
    file_edited: "FileEdited",
    file_deleted: "FileDeleted",
    variables_edited: "VariablesEdited",
  };
  for (const change of body.changes) {
    if (change.type === "page_edited") {
      assertConformsToSchema("ChangedRevisionPage", change.page);
      assertConformsToSchema("RevisionPageDocumentChangeAttributes", change.attributes);
    } else {
      assertConformsToSchema(`RevisionSemanticChange${schemas[change.type]}`, change);
    }
  }
}
