import { z } from "zod";
import { isAllowedClaimName, type AdaptiveSchema } from "../conditions/types";

/**
 * The visitor claims schema a site accepts (the reference's SiteAdaptiveJSONSchema, spec 2.7): a
 * draft-07 object schema whose properties are claims (booleans, text with or without `enum`,
 * numbers, lists of those, and objects of claims, `unsigned` among them), each with a description,
 * and `additionalProperties: false` everywhere. Nothing else is stored: it is what conditions are
 * checked against and what completion shows. Bounded so that a schema stays a page of claims; the
 * nesting is unrolled level by level (no recursive schema), so validation depth is bounded too.
 */

const MAX_OBJECT_DEPTH = 4;
const MAX_PROPERTIES = 100;
const MAX_CLAIMS = 300;
const MAX_ENUM_VALUES = 100;

const UNSIGNED_DESCRIPTION = "Unsigned claims of the site visitor.";

const claimName = z
  .string()
  .min(1)
  .max(128)
  .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), "a claim name has no control characters")
  .refine(isAllowedClaimName, "is reserved: __proto__, constructor, prototype and names starting with __ cannot be claims");

const description = z.string().max(500);

const booleanClaim = z.strictObject({ type: z.literal("boolean"), description });
const stringClaim = z.strictObject({
  type: z.literal("string"),
  description,
  enum: z
    .array(z.string().max(256))
    .min(1)
    .max(MAX_ENUM_VALUES)
    .refine((values) => new Set(values).size === values.length, "lists each value once")
    .optional(),
});
const numberClaim = z.strictObject({ type: z.literal("number"), description });
const primitiveClaim = z.discriminatedUnion("type", [booleanClaim, stringClaim, numberClaim]);
const arrayClaim = z.strictObject({ type: z.literal("array"), description, items: primitiveClaim });

function properties<T extends z.ZodType>(claim: T) {
  return z
    .unknown()
    .superRefine((value, context) => {
      // zod's records drop a `__proto__` key silently: it is named here, like the other reserved names.
      if (typeof value === "object" && value !== null && Object.hasOwn(value, "__proto__")) {
        context.addIssue({ code: "custom", path: ["__proto__"], message: "is reserved: __proto__ cannot be a claim" });
      }
    })
    .pipe(z.record(claimName, claim).refine((record) => Object.keys(record).length <= MAX_PROPERTIES, `declares at most ${MAX_PROPERTIES} claims`));
}

/** Claims `depth` objects deep: objects are allowed only above MAX_OBJECT_DEPTH. */
function claimAt(depth: number): z.ZodType {
  const leaves = [booleanClaim, stringClaim, numberClaim, arrayClaim] as const;
  if (depth >= MAX_OBJECT_DEPTH) return z.discriminatedUnion("type", [...leaves]);
  const objectClaim = z.strictObject({
    type: z.literal("object"),
    description,
    properties: properties(claimAt(depth + 1)),
    additionalProperties: z.literal(false),
  });
  return z.discriminatedUnion("type", [...leaves, objectClaim]);
}

function countClaims(node: { properties?: Record<string, unknown> }): number {
  let count = 0;
  for (const child of Object.values(node.properties ?? {})) {
    count += 1 + countClaims(child as { properties?: Record<string, unknown> });
  }
  return count;
}

export const adaptiveJsonSchema = z
  .strictObject({
    $schema: z.literal("http://json-schema.org/draft-07/schema#").optional(),
    type: z.literal("object"),
    properties: properties(claimAt(0)),
    additionalProperties: z.literal(false),
  })
  .superRefine((schema, context) => {
    const unsigned = schema.properties.unsigned as { type?: string; description?: string } | undefined;
    if (unsigned && (unsigned.type !== "object" || unsigned.description !== UNSIGNED_DESCRIPTION)) {
      context.addIssue({
        code: "custom",
        path: ["properties", "unsigned"],
        message: `unsigned holds the visitor's unsigned claims: an object claim described as "${UNSIGNED_DESCRIPTION}"`,
      });
    }
    if (countClaims(schema) > MAX_CLAIMS) context.addIssue({ code: "custom", path: ["properties"], message: `a schema declares at most ${MAX_CLAIMS} claims` });
  })
  .transform((schema) => schema as AdaptiveSchema);
