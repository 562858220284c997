import { type ReflectMessage, reflect } from "@bufbuild/protobuf/reflect";
import { type GRPC_AttendantPayload, GRPC_AttendantPayloadSchema } from "../index.js";

/** A field that this schema does not know, with where it sits in the envelope. */
export interface UnknownField {
  /** `envelope`, `envelope.updateGet`, `envelope.keys.keys[0]`. */
  readonly path: string;
  readonly field: number;
  /** The protobuf wire type number, 0 to 5. */
  readonly wireType: number;
  readonly bytes: number;
}

/** Every unknown field of `envelope` and of the messages inside it, in field order. */
export function unknownFields(envelope: GRPC_AttendantPayload): UnknownField[] {
  return collect(reflect(GRPC_AttendantPayloadSchema, envelope), "envelope", []);
}

function collect(message: ReflectMessage, path: string, out: UnknownField[]): UnknownField[] {
  for (const field of message.getUnknown() ?? []) {
    out.push({ path, field: field.no, wireType: field.wireType, bytes: field.data.length });
  }
  for (const field of message.fields) {
    if (!message.isSet(field)) continue;
    const at = `${path}.${field.localName}`;
    if (field.fieldKind === "message") {
      collect(message.get(field), at, out);
    } else if (field.fieldKind === "list" && field.listKind === "message") {
      let i = 0;
      for (const item of message.get(field)) collect(item as ReflectMessage, `${at}[${i++}]`, out);
    } else if (field.fieldKind === "map" && field.mapKind === "message") {
      for (const [key, item] of message.get(field)) {
        collect(item as ReflectMessage, `${at}[${JSON.stringify(key)}]`, out);
      }
    }
  }
  return out;
}
