// A deterministic generator of proto3 JSON texts for kafka_grpc.GRPC_AttendantPayload: every
// field of the contract (found by walking the schema, so a new field is covered without an edit
// here) receives every form of its type that the proto3 JSON mapping allows and many it does not,
// at top level, nested, in repeated fields and in map values; then the structural cases (oneof,
// duplicate keys, unknown fields, nesting depth, escapes, top-level values, trailing garbage) and
// random whole messages in the allowed forms.
//
// Inputs are JSON text, not values: duplicate keys, `1e2`, `1.0` and `\ud800` escapes must reach
// the parsers exactly as written.
import { type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import { GRPC_AttendantPayloadSchema } from "../../src/index.js";

/** One input for the parsers under test. */
export interface ConformanceInput {
  /** Unique and stable: the probe and where it sits. */
  readonly name: string;
  /** The value or case tried, as `kind: value`; what the table of deliberate differences names. */
  readonly probe: string;
  /** The group the probe belongs to, for counting differences. */
  readonly kind: string;
  readonly text: string;
  readonly ignoreUnknownFields: boolean;
}

/** A value to try: JSON text, its kind, and whether it is a form the proto3 JSON mapping allows. */
interface Probe {
  readonly kind: string;
  readonly text: string;
  /** Allowed by the mapping and deliberately accepted by us: may go into random whole messages. */
  readonly valid: boolean;
  /** Also run with ignoreUnknownFields, where the option can change the verdict. */
  readonly bothModes?: boolean;
}

function probes(kind: string, valid: boolean, texts: string[], bothModes = false): Probe[] {
  return texts.map((text) => ({ kind, text, valid, bothModes }));
}

/** The wrong JSON types, for any field. */
const wrongTypes = (not: string[]): Probe[] =>
  probes(
    "wrong JSON type",
    false,
    ["true", "false", "[]", "{}", '"x"', "1", "[1]", '{"a":1}'].filter((t) => !not.includes(t)),
  );

const int32Probes: Probe[] = [
  ...probes("integer, canonical", true, ["0", "1", "-1", "2147483647", "-2147483648", "null"]),
  ...probes("integer as string", true, ['"1"', '"-1"', '"0"', '"2147483647"', '"-2147483648"']),
  ...probes("integer in float or exponent form", true, [
    "1.0",
    "1e2",
    "1E2",
    "1e+2",
    "100e-2",
    "-0",
    "0.0",
    "-0.0",
    "1.0e1",
  ]),
  ...probes("int32/uint32 out of range", false, [
    "2147483648",
    "-2147483649",
    '"2147483648"',
    '"-2147483649"',
    "1e10",
    "1e400",
    '"1e400"',
  ]),
  ...probes("fractional integer", false, ["1.5", "1e-2", "-0.5", "0.1e1", '"1.5"']),
  ...probes("int32/uint32 string in exponent, fraction or signed-zero form", false, [
    '"1e2"',
    '"1E2"',
    '"1.0"',
    '"-0.0"',
    '"0.0"',
    '"-0"',
    '"1e0"',
  ]),
  ...probes("integer string with spaces, prefix or separator", false, [
    '" 1"',
    '"1 "',
    '" "',
    '""',
    '"0x10"',
    '"0X10"',
    '"0b1"',
    '"0o7"',
    '"1_000"',
    '"+1"',
    '"01"',
    '"\\t1"',
    '"1\\n"',
    '"١"',
  ]),
  ...probes("integer string escaped", true, ['"\\u0031"']),
  ...probes("NaN or Infinity", false, ['"NaN"', '"Infinity"', '"-Infinity"', '"nan"', '"inf"']),
  ...probes("invalid JSON number", false, ["NaN", "Infinity", "01", "+1", ".5", "1.", "0x10"]),
  ...wrongTypes(["1", '"x"']),
  ...probes("wrong JSON type", false, ['"abc"']),
];

const uint32Probes: Probe[] = [
  ...int32Probes.filter((p) => !p.text.startsWith("-") && !p.text.startsWith('"-')),
  ...probes("integer, canonical", true, ["4294967295", '"4294967295"', "-0"]),
  ...probes("integer in float or exponent form", true, ["-0.0"]),
  ...probes("int32/uint32 out of range", false, [
    "4294967296",
    '"4294967296"',
    "-1",
    '"-1"',
    "-2147483648",
  ]),
  ...probes("int32/uint32 string in exponent, fraction or signed-zero form", false, [
    '"-0"',
    '"-0.0"',
  ]),
];

const int64Common: Probe[] = [
  ...probes("integer, canonical", true, ['"0"', '"1"', '"-1"', "null"]),
  ...probes("integer as number", true, ["0", "1", "-1", "9007199254740991", "-9007199254740991"]),
  ...probes("integer in float or exponent form", true, ["1.0", "1e2", "1E2", "-0", "0.0", "1e15"]),
  ...probes("int64 JSON number beyond 2^53", false, [
    "9007199254740992",
    "9007199254740993",
    "-9007199254740993",
    "1e18",
    "1e19",
  ]),
  ...probes("fractional integer", false, ["1.5", "1e-2", '"1.5"', '"0.5"']),
  ...probes("int64/uint64 string in exponent or fraction form", false, [
    '"1e2"',
    '"1.0"',
    '"-0.0"',
    '"-0"',
    '"1e19"',
  ]),
  ...probes("int64/uint64 string with spaces or prefix", false, [
    '" 1"',
    '"1 "',
    '" "',
    '""',
    '"0x10"',
    '"0X10"',
    '"0b1"',
    '"0o7"',
    '"1_000"',
    '"+1"',
    '"01"',
    '"00"',
    '"-01"',
    '"0000000000000000000000001"',
    '"\\t1"',
    '"1\\n"',
    '"1\\u0000"',
    '"١"',
  ]),
  ...probes("integer string escaped", true, ['"\\u0031"']),
  ...probes("NaN or Infinity", false, ['"NaN"', '"Infinity"', '"-Infinity"']),
  ...probes("invalid JSON number", false, ["NaN", "01", "+1", ".5"]),
  ...wrongTypes(["1", '"x"']),
  ...probes("wrong JSON type", false, ['"abc"']),
];

const int64Probes: Probe[] = [
  ...int64Common,
  ...probes("integer, canonical", true, ['"9223372036854775807"', '"-9223372036854775808"']),
  ...probes("int64/uint64 out of range", false, [
    '"9223372036854775808"',
    '"-9223372036854775809"',
    '"18446744073709551615"',
    '"99999999999999999999999"',
  ]),
];

const uint64Probes: Probe[] = [
  ...int64Common.filter((p) => !p.text.startsWith("-") && !p.text.startsWith('"-')),
  ...probes("integer, canonical", true, ['"18446744073709551615"', '"9223372036854775808"']),
  ...probes("int64/uint64 out of range", false, [
    '"18446744073709551616"',
    '"-1"',
    "-1",
    '"99999999999999999999999"',
  ]),
  ...probes("int64/uint64 string in exponent or fraction form", false, ['"-0"']),
];

const boolProbes: Probe[] = [
  ...probes("bool, canonical", true, ["true", "false", "null"]),
  ...probes("bool in another form", false, [
    '"true"',
    '"false"',
    "0",
    "1",
    '"1"',
    '"TRUE"',
    "True",
    '"t"',
  ]),
  ...wrongTypes(["true", "false"]),
];

const stringProbes: Probe[] = [
  ...probes("string, canonical", true, [
    '"abc"',
    '""',
    "null",
    '"é"',
    '"😀"',
    '"\\u00e9"',
    '"\\ud83d\\ude00"',
    '"\\n\\t\\"\\\\\\/\\b\\f\\r"',
    '"\\u0000"',
    '"a b"',
    '"\\\\ud800"',
  ]),
  ...probes("string with a lone surrogate", false, [
    '"\\ud800"',
    '"\\udc00x"',
    '"a\\ud800b"',
    '"\\ud800\\ud800"',
    '"\\ude00\\ud83d"',
  ]),
  ...probes("invalid JSON string", false, ['"a\u0001b"', '"a\\x41"', "'a'", '"\\u12"', '"a\\"']),
  ...wrongTypes([]),
];

const bytesProbes: Probe[] = [
  ...probes("base64, canonical", true, ['"AQ=="', '"AQI="', '"AQID"', '""', "null", '"+/8="']),
  ...probes("base64 without padding or url-safe", true, [
    '"AQ"',
    '"AQI"',
    '"-_8="',
    '"_w=="',
    '"-_8"',
    '"_w"',
  ]),
  ...probes("base64 with bad padding", false, [
    '"A==="',
    '"AQ==AQ=="',
    '"AQ="',
    '"AQ==="',
    '"=AQ="',
    '"AQ=A"',
    '"A"',
    '"AQID="',
    '"===="',
    '"QR=="',
    '"QR"',
    '"QUK="',
    '"QUK"',
  ]),
  ...probes("base64 with stray characters", false, [
    '"A Q=="',
    '"AQ==\\n"',
    '"AQ.="',
    '"*"',
    '"AQ\\u0000="',
    '"é"',
    '"+_8="',
    '"-/8="',
  ]),
  ...probes("base64 escaped", true, ['"\\u0041\\u0051=="']),
  ...wrongTypes(['"x"']),
];

const enumProbes: Probe[] = [
  ...probes("enum, canonical", true, ['"DELIVERED"', '"TIMEOUT"', '"FAILED"', "null"]),
  ...probes("enum by number", true, ["0", "1", "2", "3", "-1", "2147483647", "-2147483648"]),
  ...probes("enum number in float or exponent form", true, ["1.0", "1e0", "-0"]),
  ...probes("enum number written as a string", false, [
    '"1"',
    '"0"',
    '"3"',
    '"-1"',
    '"01"',
    '"+1"',
    '"-0"',
    '" 1"',
    '"1.0"',
    '"1e0"',
    '"0x1"',
  ]),
  ...probes(
    "enum name unknown",
    false,
    ['"UNKNOWN_NAME"', '"delivered"', '""', '"TIMEOUT "', '"\\ud800"'],
    true,
  ),
  ...probes("enum number out of range or fractional", false, ["2147483648", "1.5", "1e10"]),
  ...wrongTypes(["1"]),
];

const messageProbes: Probe[] = [
  ...probes("message, canonical", true, ["{}", "null"]),
  ...probes("unknown field in a message", false, ['{"nope":1}', '{"nope":{"a":[1,null]}}'], true),
  ...wrongTypes(["{}", '{"a":1}']),
];

const listProbes: Probe[] = [
  ...probes("repeated, canonical", true, ["[]", "null"]),
  ...probes("null as a repeated item or map value", false, ["[null]"]),
  ...probes("list inside a list", false, ["[[]]"]),
  ...probes(
    "repeated field given a single value",
    false,
    wrongTypes(["[]", "[1]"]).map((p) => p.text),
  ),
];

const mapProbes: Probe[] = [
  ...probes("map, canonical", true, [
    "{}",
    "null",
    '{"":{}}',
    '{"é":{},"e":{},"z":{},"A":{},"😀":{},"\\uffff":{}}',
    '{"a\\u0000":{},"a":{}}',
  ]),
  ...probes("null as a repeated item or map value", false, ['{"k":null}']),
  ...probes("map in another form", false, ['{"k":1}', '{"k":"x"}', '{"k":[]}']),
  ...probes("map key with a lone surrogate", false, ['{"\\ud800":{}}', '{"a\\udc00":{}}']),
  ...probes("duplicate key", false, ['{"k":{},"k":{"vin":"x"}}', '{"k":{"vin":"x"},"k":{}}']),
  ...wrongTypes(["{}", '{"a":1}']),
];

function scalarProbes(scalar: ScalarType): Probe[] {
  switch (scalar) {
    case ScalarType.INT32:
      return int32Probes;
    case ScalarType.UINT32:
      return uint32Probes;
    case ScalarType.INT64:
      return int64Probes;
    case ScalarType.UINT64:
      return uint64Probes;
    case ScalarType.BOOL:
      return boolProbes;
    case ScalarType.STRING:
      return stringProbes;
    case ScalarType.BYTES:
      return bytesProbes;
    default:
      throw new Error(`no probes for scalar type ${scalar}: add them`);
  }
}

/** The probes of one value of a field (an item for repeated fields, a value for maps). */
function valueProbes(field: DescField): Probe[] {
  switch (field.fieldKind) {
    case "scalar":
      return scalarProbes(field.scalar);
    case "enum":
      return enumProbes;
    case "message":
      return messageProbes;
    case "list":
      if (field.listKind === "scalar") return scalarProbes(field.scalar);
      return field.listKind === "enum" ? enumProbes : messageProbes;
    case "map":
      return field.mapKind === "message" ? messageProbes : [];
  }
}

/** The canonical text of one value of a field's type, used beside a probe. */
function sampleValue(field: DescField): string {
  const scalar =
    field.fieldKind === "scalar" || (field.fieldKind === "list" && field.listKind === "scalar")
      ? field.scalar
      : undefined;
  switch (scalar) {
    case undefined:
      return field.fieldKind === "enum" ? '"TIMEOUT"' : "{}";
    case ScalarType.BOOL:
      return "true";
    case ScalarType.STRING:
      return '"s"';
    case ScalarType.BYTES:
      return '"AQ=="';
    case ScalarType.INT64:
    case ScalarType.UINT64:
      return '"7"';
    default:
      return "7";
  }
}

/** A seeded generator of numbers in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Where a value sits: a path for names, and a function that wraps the value into a whole text. */
interface Location {
  readonly path: string;
  readonly wrap: (value: string) => string;
}

/** Every field reachable from the envelope, each with the locations its value can take. */
interface FieldSite {
  readonly field: DescField;
  readonly message: Location; // wraps the members of the message that holds the field
}

/**
 * Walks the schema from the envelope. Each message type is entered once per path (recursive types
 * such as UpdateManifestECU.rollback once more), through singular fields, repeated fields (as
 * the second item) and map values.
 */
function fieldSites(): FieldSite[] {
  const sites: FieldSite[] = [];
  const visit = (desc: DescMessage, at: Location, seen: string[]) => {
    for (const field of desc.fields) {
      sites.push({ field, message: at });
      const key = JSON.stringify(field.jsonName);
      let child: DescMessage | undefined;
      let wrap: ((members: string) => string) | undefined;
      if (field.fieldKind === "message") {
        child = field.message;
        wrap = (m) => at.wrap(`{${key}:${m}}`);
      } else if (field.fieldKind === "list" && field.listKind === "message") {
        child = field.message;
        wrap = (m) => at.wrap(`{${key}:[{},${m}]}`);
      } else if (field.fieldKind === "map" && field.mapKind === "message") {
        child = field.message;
        wrap = (m) => at.wrap(`{${key}:{"k":${m}}}`);
      }
      if (child === undefined || wrap === undefined) continue;
      const times = seen.filter((n) => n === child.typeName).length;
      if (times >= 2 || (times === 1 && seen.at(-1) !== child.typeName)) continue;
      const suffix = field.fieldKind === "list" ? "[1]" : field.fieldKind === "map" ? '["k"]' : "";
      visit(child, { path: `${at.path}.${field.jsonName}${suffix}`, wrap }, [
        ...seen,
        child.typeName,
      ]);
    }
  };
  visit(GRPC_AttendantPayloadSchema, { path: "", wrap: (m) => m }, [
    GRPC_AttendantPayloadSchema.typeName,
  ]);
  return sites;
}

/** The JSON key of a field, under its json name or, when `proto` and different, its proto name. */
function keyOf(field: DescField, proto: boolean): string {
  return JSON.stringify(proto ? field.name : field.jsonName);
}

/**
 * The inputs, in a stable order. `seed` picks the name style of each probe, the probes tried at
 * the second and later sites of a field, and the random whole messages.
 */
export function generateInputs(seed = 16): ConformanceInput[] {
  const rand = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const inputs: ConformanceInput[] = [];
  const names = new Set<string>();
  const add = (kind: string, value: string, where: string, text: string, bothModes = false) => {
    const probe = `${kind}: ${value}`;
    for (const ignoreUnknownFields of bothModes ? [false, true] : [false]) {
      let name = `${probe} at ${where}${ignoreUnknownFields ? " (ignoreUnknownFields)" : ""}`;
      for (let n = 2; names.has(name); n++) name = `${probe} at ${where} #${n}`;
      names.add(name);
      inputs.push({ name, probe, kind, text, ignoreUnknownFields });
    }
  };

  // 1. Every probe of its type for every field, at the first site of each field; three probes
  //    picked at random at its other sites. For repeated fields the probe is the second item.
  //    String fields are many and alike: after the first eight, each gets six picked at random.
  const firstSite = new Set<DescField>();
  let stringFields = 0;
  for (const { field, message } of fieldSites()) {
    const where = `${message.path}.${field.jsonName}`.slice(1);
    const all = valueProbes(field);
    const isFirst = !firstSite.has(field);
    firstSite.add(field);
    const isString = field.fieldKind === "scalar" && field.scalar === ScalarType.STRING;
    if (isFirst && isString) stringFields++;
    const some = (n: number) => Array.from({ length: n }, () => pick(all));
    const chosen = !isFirst ? some(3) : isString && stringFields > 8 ? some(6) : all;
    for (const p of chosen) {
      const key = keyOf(field, rand() < 0.3);
      const inContainer = field.fieldKind === "list" || field.fieldKind === "map";
      const value =
        field.fieldKind === "list"
          ? `[${sampleValue(field)},${p.text}]`
          : field.fieldKind === "map"
            ? `{"k":${p.text}}`
            : p.text;
      const kind = !inContainer
        ? p.kind
        : p.text === "null"
          ? "null as a repeated item or map value"
          : field.fieldKind === "list" && p.text.startsWith("[")
            ? "list inside a list"
            : p.kind;
      add(kind, p.text, where, message.wrap(`{${key}:${value}}`), p.bothModes);
    }
    const container =
      field.fieldKind === "list" ? listProbes : field.fieldKind === "map" ? mapProbes : [];
    for (const p of isFirst ? container : container.length > 0 ? [pick(container)] : []) {
      add(p.kind, p.text, where, message.wrap(`{${keyOf(field, false)}:${p.text}}`), p.bothModes);
    }
    // Names: the proto name alone, both names, the same key twice, an escaped key.
    if (isFirst) {
      const sample = field.fieldKind === "list" ? `[${sampleValue(field)}]` : sampleValue(field);
      const other =
        field.fieldKind === "map"
          ? '{"k":{"vin":"x"}}'
          : field.fieldKind === "list"
            ? "[]"
            : field.fieldKind === "message"
              ? "null"
              : '"8"';
      const first = field.fieldKind === "map" ? '{"k":{}}' : sample;
      if (field.name !== field.jsonName) {
        add("proto name", field.name, where, message.wrap(`{${keyOf(field, true)}:${first}}`));
        add(
          "json name and proto name both given",
          field.name,
          where,
          message.wrap(`{${keyOf(field, true)}:${first},${keyOf(field, false)}:${first}}`),
        );
      }
      add(
        "duplicate key",
        field.jsonName,
        where,
        message.wrap(`{${keyOf(field, false)}:${first},${keyOf(field, false)}:${other}}`),
      );
      const escaped = `"\\u${field.jsonName.charCodeAt(0).toString(16).padStart(4, "0")}${field.jsonName.slice(1)}"`;
      add("escaped key", field.jsonName, where, message.wrap(`{${escaped}:${first}}`));
    }
  }

  // 2. The oneof.
  const members = GRPC_AttendantPayloadSchema.oneofs[0]?.fields ?? [];
  //    Each member with the next one, in both orders.
  members.forEach((a, i) => {
    add("oneof member null", a.jsonName, "envelope", `{"${a.jsonName}":null}`);
    const next = members[(i + 1) % members.length] as DescField;
    for (const b of members.filter(
      (m) => m === next || members[(members.indexOf(m) + 1) % members.length] === a,
    )) {
      add(
        "two oneof members",
        `${a.jsonName}+${b.jsonName}`,
        "envelope",
        `{"${a.jsonName}":{},"${b.jsonName}":{}}`,
      );
      add(
        "null oneof member beside another",
        `${a.jsonName}:null+${b.jsonName}`,
        "envelope",
        `{"${a.jsonName}":null,"${b.jsonName}":{}}`,
      );
      add(
        "two null oneof members",
        `${a.jsonName}+${b.jsonName}`,
        "envelope",
        `{"${a.jsonName}":null,"${b.jsonName}":null}`,
      );
    }
    add(
      "duplicate key",
      `${a.jsonName} twice`,
      "envelope",
      `{"${a.jsonName}":{},"${a.jsonName}":{}}`,
    );
    add(
      "duplicate key",
      `${a.jsonName} then null`,
      "envelope",
      `{"${a.jsonName}":{},"${a.jsonName}":null}`,
    );
  });

  // 3. Unknown fields and lone surrogates in member names, at top level and nested.
  const unknown: [string, string][] = [
    ["number", '"nope":1'],
    ["object", '"nope":{"a":[1,{"b":null}],"c":"\\ud800"}'],
    ["null", '"nope":null'],
    ["near a field name", '"Handler":"x"'],
    ["lone surrogate name", '"\\ud800":1'],
    ["lone low surrogate name", '"a\\udc00":1'],
    ["paired surrogate name", '"\\ud83d\\ude00":1'],
    ["@type", '"@type":"x"'],
  ];
  const places: [string, (m: string) => string][] = [
    ["envelope", (m) => `{${m}}`],
    ["dtcEntry", (m) => `{"dtcEntry":{${m}}}`],
    [
      "updateManifest.ecuUpdates[0].files[0]",
      (m) => `{"updateManifest":{"ecuUpdates":[{"files":[{${m}}]}]}}`,
    ],
    ['carUpdateStatus.ecus["k"]', (m) => `{"carUpdateStatus":{"ecus":{"k":{${m}}}}}`],
  ];
  for (const [where, wrap] of places) {
    add("duplicate key", "nope, unknown", where, wrap('"nope":1,"nope":2'), true);
  }
  add("duplicate key", "handler, once escaped", "envelope", '{"handler":"a","h\\u0061ndler":"b"}');
  add("duplicate key", "__proto__", "envelope", '{"__proto__":{},"__proto__":{}}', true);
  for (const [label, member] of unknown) {
    for (const [where, wrap] of places) {
      add("unknown field", label, where, wrap(member), true);
    }
  }
  for (const depth of [10, 96, 97, 98, 99, 100, 101, 150, 1000]) {
    for (const [where, wrap] of places) {
      add(
        "unknown value nested deep",
        `${depth} arrays`,
        where,
        wrap(`"nope":${"[".repeat(depth)}${"]".repeat(depth)}`),
        true,
      );
      add(
        "unknown value nested deep",
        `${depth} objects`,
        where,
        wrap(`"nope":${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`),
        true,
      );
    }
  }

  // 4. Known messages nested deep: updateManifest.ecuUpdates[0].rollback[0]…
  for (const depth of [1, 50, 95, 96, 97, 98, 99, 100, 101, 150]) {
    const inner = `${'{"rollback":['.repeat(depth)}{}${"]}".repeat(depth)}`;
    add(
      "messages nested deep",
      `${depth} rollbacks`,
      "updateManifest.ecuUpdates",
      `{"updateManifest":{"ecuUpdates":[${inner}]}}`,
    );
  }

  // 5. Whole texts: top-level values, whitespace, trailing garbage, invalid JSON.
  const whole: [string, string[]][] = [
    ["top-level value not an object", ["null", "[]", "[{}]", "1", '"x"', "true", "", " ", '"{}"']],
    ["whitespace", ["{}", " {} ", "\n{\r\n}\t", '{ "handler" : "x" , "updateGet" : { } }']],
    [
      "trailing garbage",
      ["{} x", "{}{}", "{},", "{}]", '{"handler":"x"}}', "{}\u0000", "{} //", "{}\u00a0"],
    ],
    [
      "invalid JSON",
      [
        '{"handler":"x",}',
        "{'handler':'x'}",
        '{handler:"x"}',
        '{"handler":"x"/*c*/}',
        '{"handler" "x"}',
        '{"handler":"x" "updateGet":{}}',
        "\ufeff{}",
        '{"updateGet":{"vin":"x",}}',
        '{"fileKeyReq":{"fileIDs":["a",]}}',
        "{",
        '{"handler":',
        '{"handler":"x',
      ],
    ],
  ];
  for (const [kind, texts] of whole) {
    for (const text of texts) add(kind, JSON.stringify(text), "envelope", text);
  }

  // 6. Random whole messages in allowed forms, names and whitespace.
  const validOf = (field: DescField) => valueProbes(field).filter((p) => p.valid);
  const space = () => pick(["", "", "", " ", "\n", "\t "]);
  const randomMessage = (desc: DescMessage, depth: number): string => {
    const out: string[] = [];
    for (const field of desc.fields) {
      if (field.oneof !== undefined || rand() < 0.3) continue;
      let value: string;
      const nested = (m: DescMessage) => (depth < 4 ? randomMessage(m, depth + 1) : "{}");
      switch (field.fieldKind) {
        case "message":
          value = nested(field.message);
          break;
        case "list": {
          const n = Math.floor(rand() * 3);
          const item = () =>
            field.listKind === "message"
              ? nested(field.message)
              : pick(validOf(field).filter((p) => p.text !== "null")).text;
          value = `[${Array.from({ length: n }, item).join(`,${space()}`)}]`;
          break;
        }
        case "map": {
          const n = Math.floor(rand() * 3);
          const keys = ["k", "a", "é", "", "Z", "😀"];
          const entries = new Set<string>();
          for (let i = 0; i < n; i++) entries.add(pick(keys));
          value = `{${[...entries].map((k) => `${JSON.stringify(k)}:${field.mapKind === "message" ? nested(field.message) : "{}"}`).join(",")}}`;
          break;
        }
        default:
          value = pick(validOf(field)).text;
      }
      out.push(`${space()}${keyOf(field, rand() < 0.5)}${space()}:${space()}${value}`);
    }
    return `{${out.join(",")}${space()}}`;
  };
  for (const member of members) {
    if (member.fieldKind !== "message") continue;
    for (let i = 0; i < 30; i++) {
      const handler =
        rand() < 0.5
          ? `"handler":${pick(validOf(GRPC_AttendantPayloadSchema.fields[0] as DescField)).text},`
          : "";
      add(
        "random message",
        `${member.jsonName} #${i}`,
        "envelope",
        `{${handler}"${member.jsonName}":${randomMessage(member.message, 0)}}`,
      );
    }
  }
  return inputs;
}
