// Where Debian's libprotobuf 3.21 fails Google's own conformance suite, the suite is the reference,
// not the C++ parser. Each entry names a kind of generate-inputs.ts and the conformance tests that
// libprotobuf's conformance/failure_list_cpp.txt lists as failing ("Should have failed to parse,
// but didn't"). For these inputs the reference verdict is a refusal; python3-protobuf refuses
// them too, except where an entry says otherwise.

/** A kind of input on which the conformance suite, not libprotobuf 3.21, decides. */
export interface ConformanceOverride {
  readonly kind: string;
  readonly tests: readonly string[];
  readonly note?: string;
}

export const conformanceOverrides: readonly ConformanceOverride[] = [
  {
    kind: "invalid JSON",
    tests: [
      "Recommended.Proto3.JsonInput.TrailingCommaInAnObject",
      "Recommended.Proto3.JsonInput.RepeatedFieldTrailingComma",
      "Recommended.Proto3.JsonInput.StringFieldSingleQuoteKey",
      "Recommended.Proto3.JsonInput.FieldNameNotQuoted",
    ],
  },
  {
    kind: "invalid JSON string",
    tests: [
      "Recommended.Proto3.JsonInput.StringFieldSingleQuoteValue",
      "Recommended.Proto3.JsonInput.StringFieldUppercaseEscapeLetter",
    ],
    note: "RFC 8259 text only: no single quotes, no \\x escapes, no raw control characters",
  },
  {
    kind: "invalid JSON number",
    tests: [],
    note: "RFC 8259 numbers only (`1.` is not one); the suite's rule that input be JSON",
  },
  {
    kind: "bool in another form",
    tests: [
      "Recommended.Proto3.JsonInput.BoolFieldDoubleQuotedTrue",
      "Recommended.Proto3.JsonInput.BoolFieldDoubleQuotedFalse",
    ],
  },
  {
    kind: "duplicate key",
    tests: ["Recommended.Proto3.JsonInput.FieldNameDuplicate"],
    note: "libprotobuf 3.21 refuses a repeated map key but takes the last of a repeated field name; libprotobuf 22 and later refuse both ('has already been set')",
  },
  {
    kind: "json name and proto name both given",
    tests: [
      "Recommended.Proto3.JsonInput.FieldNameDuplicateDifferentCasing1",
      "Recommended.Proto3.JsonInput.FieldNameDuplicateDifferentCasing2",
    ],
    note: "python3-protobuf 4.21 accepts these too (last wins)",
  },
  {
    kind: "null as a repeated item or map value",
    tests: [
      "Recommended.Proto3.JsonInput.RepeatedFieldPrimitiveElementIsNull",
      "Recommended.Proto3.JsonInput.RepeatedFieldMessageElementIsNull",
      "Recommended.Proto3.JsonInput.MapFieldValueIsNull",
    ],
  },
];
