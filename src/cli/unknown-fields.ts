import type { GRPC_AttendantPayload } from "./root.js";

/** A field that this schema does not know, with where it sits in the envelope. */
export interface UnknownField {
  /** `envelope`, `envelope.updateGet`, `envelope.keys.keys[0]`. */
  readonly path: string;
  readonly field: number;
  /** The protobuf wire type number, 0 to 5. */
  readonly wireType: number;
  readonly bytes: number;
}

/** A message as protobuf-es shapes it: its type name, its fields, the unknown ones in `$unknown`. */
interface MessageObject {
  readonly $typeName: string;
  readonly $unknown?: readonly { no: number; wireType: number; data: Uint8Array }[] | undefined;
  readonly [field: string]: unknown;
}

function isMessage(value: unknown): value is MessageObject {
  return typeof (value as { $typeName?: unknown } | null)?.$typeName === "string";
}

/**
 * Every unknown field of `envelope` and of the messages inside it, in field order. It walks the
 * decoded objects by their shape, so it needs no schema: a field holds a message (an object with
 * `$typeName`), a list, a map (a plain object of messages, keyed by the map's keys) or a oneof
 * (`{ case, value }`, whose `case` is a string where a map's values are all messages).
 */
export function unknownFields(envelope: GRPC_AttendantPayload): UnknownField[] {
  return collect(envelope, "envelope", []);
}

function collect(message: MessageObject, path: string, out: UnknownField[]): UnknownField[] {
  for (const field of message.$unknown ?? []) {
    out.push({ path, field: field.no, wireType: field.wireType, bytes: field.data.length });
  }
  for (const [name, value] of Object.entries(message)) {
    if (name.startsWith("$") || typeof value !== "object" || value === null) continue;
    const at = `${path}.${name}`;
    if (isMessage(value)) {
      collect(value, at, out);
    } else if (Array.isArray(value)) {
      for (const [i, item] of value.entries())
        if (isMessage(item)) collect(item, `${at}[${i}]`, out);
    } else if (typeof (value as { case?: unknown }).case === "string") {
      const { case: member, value: item } = value as { case: string; value: unknown };
      if (isMessage(item)) collect(item, `${path}.${member}`, out);
    } else if (!(value instanceof Uint8Array)) {
      for (const [key, item] of Object.entries(value)) {
        if (isMessage(item)) collect(item, `${at}[${JSON.stringify(key)}]`, out);
      }
    }
  }
  return out;
}
