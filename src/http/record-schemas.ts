import type * as z from "zod";
import { CodecError, isCodecError } from "../codec-error.js";
import { describeThrown } from "../internal/describe-thrown.js";
import { showValue } from "../internal/describe-value.js";
import { quoteText } from "../runtime/escape-text.js";
import type { ObjectSchema } from "./list-body.js";
import { specRecords } from "./records.js";

/** The name of one of the spec's ten records: `"CommonCar" | "CommonJSONError" | …`. */
export type RecordName = keyof typeof specRecords;

/**
 * The record schemas a deployment knows, by the spec's record names: the `records` option of
 * `parseResponse()`, `createClient()`, `createOperations()` and the mock's `createHandlers()`.
 * Each one replaces the spec's open record wherever that record appears (in a list body's `data`,
 * as an error body), and its output must still be a JSON object: extend the spec's schema, as
 * `CommonCar.extend({ vin: z.string() })`. `CommonJSONDBQueryResult`, the top level of the list
 * bodies, must be a zod object schema, which the list bodies extend with `data`. A record left
 * out stays the spec's.
 *
 * ```ts
 * const records = {
 *   CommonCar: CommonCar.extend({ vin: z.string() }),
 *   CommonJSONError: CommonJSONError.extend({ code: z.number(), message: z.string() }),
 * };
 * ```
 */
export type RecordSchemas = {
  readonly [Name in Exclude<RecordName, "CommonJSONDBQueryResult">]?:
    | z.ZodType<z.output<(typeof specRecords)[Name]>>
    | undefined;
} & { readonly CommonJSONDBQueryResult?: ObjectSchema | undefined };

/**
 * The schema of record `Name` once the record schemas `R` are applied: the one `R` gives, or the
 * spec's. The tables of {@link createOperations} are typed by it:
 * `z.output<RecordOf<typeof records, "CommonCar">>` is a car as your schema reads it.
 */
export type RecordOf<R extends RecordSchemas, Name extends RecordName> = Name extends keyof R
  ? [Exclude<R[Name], undefined>] extends [never]
    ? (typeof specRecords)[Name]
    : Exclude<R[Name], undefined>
  : (typeof specRecords)[Name];

/** Every record's schema once `R` is applied. Internal. */
export type ResolvedRecords<R extends RecordSchemas> = { [Name in RecordName]: RecordOf<R, Name> };

/** Any table of the ten records' schemas. Internal. */
export type AnyRecords = { readonly [Name in RecordName]: z.ZodType } & {
  readonly CommonJSONDBQueryResult: ObjectSchema;
};

/**
 * Checks a `records` option and returns every record's schema, the spec's where `records` gives
 * none. Throws a CodecError `invalid_argument` when `records` is not an object, names a record
 * the spec does not, gives something other than a zod schema, or a CommonJSONDBQueryResult that
 * is not a zod object schema; and when reading it throws (`cause` is the error). Internal.
 */
export function resolveRecords(records: unknown): AnyRecords {
  if (typeof records !== "object" || records === null || Array.isArray(records)) {
    throw new CodecError(
      "invalid_argument",
      `records must be an object of zod schemas by record name, got ${showValue(records)}`,
    );
  }
  const resolved: Record<string, unknown> = { ...specRecords };
  try {
    for (const [name, schema] of Object.entries(records)) {
      if (!Object.hasOwn(specRecords, name)) {
        throw new CodecError("invalid_argument", `records names unknown record ${quoteText(name)}`);
      }
      if (schema === undefined) continue;
      const candidate = schema as Partial<ObjectSchema> | null;
      if (
        typeof candidate !== "object" ||
        candidate === null ||
        typeof candidate.safeParse !== "function"
      ) {
        throw new CodecError(
          "invalid_argument",
          `records.${name} must be a zod schema, got ${showValue(schema)}`,
        );
      }
      if (name === "CommonJSONDBQueryResult" && typeof candidate.extend !== "function") {
        throw new CodecError(
          "invalid_argument",
          "records.CommonJSONDBQueryResult must be a zod object schema: the list bodies extend it with data",
        );
      }
      resolved[name] = schema;
    }
  } catch (cause) {
    if (isCodecError(cause)) throw cause;
    throw new CodecError("invalid_argument", `reading records threw: ${describeThrown(cause)}`, {
      cause,
    });
  }
  return resolved as AnyRecords;
}
