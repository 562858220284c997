import type { DescField, DescMessage } from "@bufbuild/protobuf";

/** One field value met while walking a message: the field, its value, and how deep it sits. */
export interface FieldValue {
  readonly field: DescField;
  /** A scalar or enum value, a message, a list (the whole array) or a map (the whole object). */
  readonly value: unknown;
  /** How many UpdateManifestECU.rollback lists enclose it. */
  readonly rollbackDepth: number;
}

/**
 * Every field value of `message` and of the messages inside it, list items and map values one
 * by one (after the list or map itself). Absent optional fields come with value undefined.
 */
export function fieldValues(desc: DescMessage, message: object, rollbackDepth = 0): FieldValue[] {
  const out: FieldValue[] = [];
  const fields = message as Record<string, unknown>;
  for (const member of desc.members) {
    if (member.kind === "oneof") {
      const oneof = fields[member.localName] as { case?: string; value?: unknown };
      const field = member.fields.find((f) => f.localName === oneof.case);
      if (field !== undefined) visit(field, oneof.value, rollbackDepth, out);
      continue;
    }
    visit(member, fields[member.localName], rollbackDepth, out);
  }
  return out;
}

function visit(field: DescField, value: unknown, depth: number, out: FieldValue[]): void {
  out.push({ field, value, rollbackDepth: depth });
  switch (field.fieldKind) {
    case "message":
      if (value !== undefined) out.push(...fieldValues(field.message, value as object, depth));
      return;
    case "list": {
      const inner = field.name === "rollback" ? depth + 1 : depth;
      for (const item of value as unknown[]) {
        if (field.listKind === "message")
          out.push(...fieldValues(field.message, item as object, inner));
        else out.push({ field, value: item, rollbackDepth: depth });
      }
      return;
    }
    case "map":
      for (const item of Object.values(value as object)) {
        if (field.mapKind === "message")
          out.push(...fieldValues(field.message, item as object, depth));
      }
      return;
    default:
      return;
  }
}

/** Every message inside `message` (not itself), with the schema its field declares. */
export function nestedMessages(
  desc: DescMessage,
  message: object,
): { desc: DescMessage; value: unknown }[] {
  const out: { desc: DescMessage; value: unknown }[] = [];
  for (const { field, value } of fieldValues(desc, message)) {
    if (field.message === undefined || value === undefined) continue;
    const items =
      field.fieldKind === "list"
        ? (value as unknown[])
        : field.fieldKind === "map"
          ? Object.values(value as object)
          : [value];
    for (const item of items) out.push({ desc: field.message, value: item });
  }
  return out;
}
