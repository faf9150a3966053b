import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Prisma } from "../server/db/generated/client";

/**
 * Migrations are hand-written SQL, so nothing else ties them to prisma/schema.prisma: this test
 * checks that the migrated database has every table, column (type, nullability) and index the
 * schema declares. A field added to the schema without a migration fails here.
 */

type FieldSpec = { name: string; column: string; type: string; optional: boolean; list: boolean; native?: string };
type IndexSpec = { columns: string[]; unique: boolean; declaredAs: string };
type ModelSpec = { name: string; table: string; fields: FieldSpec[]; indexes: IndexSpec[] };

/** PostgreSQL `data_type` and `udt_name` of each Prisma scalar type (the element type for lists). */
const COLUMN_TYPES: Record<string, { dataType: string[]; udt: string }> = {
  String: { dataType: ["text", "character varying"], udt: "text" },
  Int: { dataType: ["integer"], udt: "int4" },
  BigInt: { dataType: ["bigint"], udt: "int8" },
  Float: { dataType: ["double precision"], udt: "float8" },
  Boolean: { dataType: ["boolean"], udt: "bool" },
  DateTime: { dataType: ["timestamp with time zone"], udt: "timestamptz" },
  Json: { dataType: ["jsonb"], udt: "jsonb" },
  Bytes: { dataType: ["bytea"], udt: "bytea" },
};

/** Native types (`@db.X`) that store a scalar in another column type than its default one. */
const NATIVE_COLUMN_TYPES: Record<string, { dataType: string[]; udt: string }> = {
  Date: { dataType: ["date"], udt: "date" },
};

/** Reads the models of schema.prisma: enough of the language for the attributes we check. */
function parseSchema(source: string): ModelSpec[] {
  const models: ModelSpec[] = [];
  for (const [, name, body] of source.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)) {
    const lines = body!.split("\n").map((line) => line.trim()).filter((line) => line && !line.startsWith("//"));
    const fields: FieldSpec[] = [];
    const fieldAttributes = new Map<string, string>();
    for (const line of lines.filter((line) => !line.startsWith("@@"))) {
      const match = line.match(/^(\w+)\s+(\w+)(\[\])?(\?)?\s*(.*)$/);
      if (!match) throw new Error(`Cannot read the field line "${line}" of model ${name}`);
      const [, fieldName, type, list, optional, attributes] = match;
      if (!(type! in COLUMN_TYPES) && !["Decimal", "Bytes"].includes(type!)) continue; // a relation
      const column = attributes!.match(/@map\("([^"]+)"\)/)?.[1] ?? fieldName!;
      const native = attributes!.match(/@db\.(\w+)/)?.[1];
      fields.push({ name: fieldName!, column, type: type!, optional: !!optional, list: !!list, ...(native && native in NATIVE_COLUMN_TYPES ? { native } : {}) });
      fieldAttributes.set(fieldName!, attributes!);
    }
    const columnOf = (fieldName: string) => {
      const field = fields.find((candidate) => candidate.name === fieldName);
      if (!field) throw new Error(`Model ${name} has an index on an unknown field ${fieldName}`);
      return field.column;
    };
    const indexes: IndexSpec[] = [];
    for (const [fieldName, attributes] of fieldAttributes) {
      if (/@(id|unique)\b/.test(attributes)) indexes.push({ columns: [columnOf(fieldName)], unique: true, declaredAs: `${fieldName} ${attributes}` });
    }
    for (const line of lines.filter((line) => /^@@(id|unique|index)\b/.test(line))) {
      // `[a, b(sort: Desc), c(ops: raw("..."))]`: keep the field names.
      const list = line.match(/\[(.*)\]/)?.[1] ?? "";
      const fieldNames = list.replace(/\([^)]*\)/g, "").split(",").map((part) => part.trim()).filter(Boolean);
      indexes.push({ columns: fieldNames.map(columnOf), unique: !line.startsWith("@@index"), declaredAs: line });
    }
    const table = lines.find((line) => line.startsWith("@@map("))?.match(/@@map\("([^"]+)"\)/)?.[1] ?? name!;
    models.push({ name: name!, table, fields, indexes });
  }
  return models;
}

const models = parseSchema(readFileSync("prisma/schema.prisma", "utf8"));
const database = new pg.Client({ connectionString: process.env.DATABASE_URL });
type ColumnRow = { table_name: string; column_name: string; is_nullable: "YES" | "NO"; data_type: string; udt_name: string };
type IndexRow = { table_name: string; columns: string[]; unique: boolean };
let columns: ColumnRow[];
let indexes: IndexRow[];

beforeAll(async () => {
  await database.connect();
  columns = (
    await database.query<ColumnRow>(
      `SELECT table_name, column_name, is_nullable, data_type, udt_name FROM information_schema.columns WHERE table_schema = current_schema()`,
    )
  ).rows;
  indexes = (
    await database.query<IndexRow>(`
      SELECT t.relname AS table_name, i.indisunique AS unique,
             array(SELECT a.attname FROM unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
                   JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS columns
      FROM pg_index i
      JOIN pg_class t ON t.oid = i.indrelid
      JOIN pg_namespace s ON s.oid = t.relnamespace
      WHERE s.nspname = current_schema()`)
  ).rows;
});
afterAll(() => database.end());

describe("the migrated database matches prisma/schema.prisma", () => {
  test("the generated client has the schema's models and scalar fields (else run `npm run prisma:generate`)", () => {
    const fromClient = Object.values(Prisma.ModelName).map((model) => {
      const fieldEnum = (Prisma as unknown as Record<string, Record<string, string>>)[`${model}ScalarFieldEnum`]!;
      return { model, fields: Object.values(fieldEnum).sort() };
    });
    const fromSchema = models.map((model) => ({ model: model.name, fields: model.fields.map((field) => field.name).sort() }));
    expect(fromSchema).toEqual(fromClient);
  });

  test.each(models.map((model) => [model.name, model] as const))("%s: table, columns and indexes", (_name, model) => {
    const problems: string[] = [];
    const tableColumns = columns.filter((column) => column.table_name === model.table);
    if (tableColumns.length === 0) problems.push(`no table ${model.table}`);
    for (const field of model.fields) {
      const column = tableColumns.find((candidate) => candidate.column_name === field.column);
      const where = `${model.name}.${field.name} (${model.table}.${field.column})`;
      if (!column) {
        if (tableColumns.length) problems.push(`${where}: no such column`);
        continue;
      }
      const expected = field.native ? NATIVE_COLUMN_TYPES[field.native] : COLUMN_TYPES[field.type];
      if (!expected) {
        problems.push(`${where}: this test has no column type for ${field.type}; add it to COLUMN_TYPES`);
      } else if (field.list ? column.data_type !== "ARRAY" || column.udt_name !== `_${expected.udt}` : !expected.dataType.includes(column.data_type)) {
        problems.push(`${where}: ${field.type}${field.list ? "[]" : ""} stored as ${column.data_type} (${column.udt_name})`);
      }
      // Lists are never optional in Prisma, and its own migrations leave their columns nullable.
      if (!field.list && (column.is_nullable === "YES") !== field.optional) {
        problems.push(`${where}: ${field.optional ? "optional but NOT NULL" : "required but nullable"}`);
      }
    }
    for (const index of model.indexes) {
      const found = indexes.some(
        (candidate) =>
          candidate.table_name === model.table &&
          candidate.columns.join(",") === index.columns.join(",") &&
          (candidate.unique || !index.unique),
      );
      if (!found) problems.push(`${model.table}: no ${index.unique ? "unique " : ""}index on (${index.columns.join(", ")}) for ${index.declaredAs}`);
    }
    expect(problems).toEqual([]);
  });
});
