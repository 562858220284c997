import * as z from "zod";

/** A zod object schema: what a list body's top level (CommonJSONDBQueryResult) must be. */
export type ObjectSchema = z.ZodObject<z.core.$ZodLooseShape, z.core.$ZodObjectConfig>;

/** The schema of a list body: the fields of `Top` beside `data`, a list of `Item` or null. */
export type ListBody<Item extends z.ZodType, Top extends ObjectSchema> = z.ZodObject<
  z.core.util.Extend<
    Top["shape"],
    {
      // An array of Item or null, or null or absent; null (a Go nil slice) is read as undefined.
      data: z.ZodPipe<
        z.ZodOptional<z.ZodNullable<z.ZodArray<z.ZodNullable<Item>>>>,
        z.ZodTransform<
          (z.output<Item> | null)[] | undefined,
          (z.output<Item> | null)[] | null | undefined
        >
      >;
    }
  >,
  Top["_zod"]["config"]
>;

/**
 * Returns the schema of a list body whose `data` items are checked by `item`: one JSON object
 * with the fields of `top` (CommonJSONDBQueryResult or a schema extending it) at the top level
 * beside an optional `data` array. Each item of `data` is `null` or a valid `item`.
 *
 * `data: null` (how Go encodes an empty slice) is treated as absent: the parsed `data` is
 * `undefined`, whether the key was missing or null. Anything else in `data` fails with issue
 * paths such as `data[3]`. Internal: the operations table calls it for the four list operations.
 */
export function listBody<Item extends z.ZodType, Top extends ObjectSchema>(
  item: Item,
  top: Top,
): ListBody<Item, Top> {
  // zod types `extend` by the shape of the constraint, not of `Top`: ListBody says what it gives.
  return top.extend({ data: listData(item) }) as unknown as ListBody<Item, Top>;
}

function listData<Item extends z.ZodType>(
  item: Item,
): ListBody<Item, ObjectSchema>["shape"]["data"] {
  return z.array(z.nullable(item)).nullish().transform(nullToUndefined);
}

function nullToUndefined<T>(value: T | null | undefined): T | undefined {
  return value ?? undefined;
}
