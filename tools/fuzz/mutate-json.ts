import type { Random } from "./random.js";

// Mutations of JSON: of parsed values at random paths (a value of the wrong type, an edge
// number, invalid base64, an unknown or duplicated key, deep nesting, a very long string) and
// of JSON text (deleted, inserted and duplicated characters, truncation, splices). Numbers that
// a JavaScript number cannot hold (1e400, 2^64) and nesting deeper than JSON.stringify can
// write are placed in the text as raw tokens.

/** A JSON value as JSON.parse returns it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

type Path = readonly (string | number)[];

/** Strings that break one field type or another: int64 texts, base64, enum names, blanks. */
const specialStrings = [
  "",
  " ",
  "0",
  "-0",
  "1.0",
  "1.5",
  "1e3",
  "1E3",
  " 1",
  "+1",
  "0x10",
  "NaN",
  "Infinity",
  "-Infinity",
  "9223372036854775807",
  "9223372036854775808", // 2^63: out of range for int64
  "-9223372036854775808",
  "-9223372036854775809",
  "18446744073709551615",
  "18446744073709551616", // 2^64: out of range for uint64
  "1e400",
  "١٢٣", // Arabic-Indic digits
  "!!!", // not base64
  "a", // base64 of a bad length
  "YQ",
  "YQ=",
  "Y Q==",
  "-_-_", // the URL-safe alphabet
  "====",
  "Zm9v\n",
  "DELIVERED",
  "TIMEOUT",
  "FAILED",
  "UNKNOWN_STATUS",
  "delivered",
  "\u0000",
  "\ufeff",
  "\u{1F697}",
  "null",
  "true",
];

const specialNumbers = [
  0,
  -0,
  1,
  -1,
  1.5,
  0.1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53 + 2,
  2 ** 63,
  2 ** 64,
  -(2 ** 63),
  1e21,
  1e308,
  -1e308,
  5e-324,
  99,
  3,
];

/** JSON text that JSON.stringify cannot write from a JavaScript value. */
function rawToken(random: Random): string {
  switch (random.below(8)) {
    case 0:
      return random.pick(["1e400", "-1e400", "1E+400", "1e-400", "-0", "0e0", "0.0"]);
    case 1:
      return random.pick([
        "18446744073709551616",
        "9223372036854775808",
        "-9223372036854775809",
        "123456789012345678901234567890",
        "1.000000000000000000000000000001",
      ]);
    case 2: {
      const depth = random.pick([10, 101, 1000, 5000, random.between(1, 20_000)]);
      return "[".repeat(depth) + "]".repeat(depth);
    }
    case 3: {
      const depth = random.pick([10, 101, 1000, random.between(1, 5000)]);
      return `${'{"a":'.repeat(depth)}{}${"}".repeat(depth)}`;
    }
    case 4:
      return random.pick(['"\\ud800"', '"\\udc00x"', '"a\\ud83d"', '"\\u0000"', '"\\uffff"']);
    case 5:
      return `"${"\\u00e9".repeat(random.between(1, 5000))}"`;
    case 6: {
      // A key twice in one object: JSON.parse keeps the last.
      return random.pick(['{"vin":"A","vin":"B"}', '{"a":1,"a":{}}']);
    }
    default:
      return random.pick(["[]", "{}", '""', "null", "[null]", "[{}]", '{"":null}']);
  }
}

/** A random JSON value, at most `depth` levels deep. */
export function randomJson(random: Random, depth = 3): Json {
  switch (random.below(depth > 0 ? 8 : 5)) {
    case 0:
      return null;
    case 1:
      return random.chance(0.5);
    case 2:
      return random.chance(0.5) ? random.pick(specialNumbers) : random.between(-1000, 1000);
    case 3:
      return random.pick(specialStrings);
    case 4:
      return randomString(random, random.size(40));
    case 5:
    case 6: {
      const out: { [key: string]: Json } = {};
      const n = random.size(8);
      for (let i = 0; i < n; i++) define(out, randomKey(random), randomJson(random, depth - 1));
      return out;
    }
    default:
      return Array.from({ length: random.size(8) }, () => randomJson(random, depth - 1));
  }
}

/** A string of `length` code points from ASCII, Latin-1, the BMP and beyond it. */
export function randomString(random: Random, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) {
    const kind = random.below(10);
    const code =
      kind < 6
        ? random.between(0x20, 0x7e)
        : kind < 8
          ? random.between(0, 0xff)
          : kind < 9
            ? random.between(0x100, 0xd7ff)
            : random.between(0x10000, 0x10ffff);
    out += String.fromCodePoint(code);
  }
  return out;
}

function randomKey(random: Random): string {
  return random.chance(0.7)
    ? random.pick([
        "unknown",
        "@type",
        "$typeName",
        "__proto__",
        "constructor",
        "",
        "Data",
        "data",
        "vin",
        "handler",
        "swversion",
        "sw_Version",
        "ecus",
        "code",
        "message",
        "total",
      ])
    : randomString(random, random.size(12));
}

/** Sets an own property, even `__proto__`, which plain assignment would turn into a prototype. */
function define(object: { [key: string]: Json }, key: string, value: Json): void {
  Object.defineProperty(object, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Every path into `value`, the root (`[]`) included, in depth-first order. */
export function pathsOf(value: Json, limit = 5000): Path[] {
  const paths: Path[] = [];
  const visit = (node: Json, path: Path) => {
    if (paths.length >= limit) return;
    paths.push(path);
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) visit(node[i] as Json, [...path, i]);
    } else if (node !== null && typeof node === "object") {
      for (const key of Object.keys(node)) visit(node[key] as Json, [...path, key]);
    }
  };
  visit(value, []);
  return paths;
}

function getAt(value: Json, path: Path): Json {
  let node: Json = value;
  for (const key of path) node = (node as { [key: string]: Json })[key] as Json;
  return node;
}

const DELETE = Symbol("delete");

/** A copy of `value` with the node at `path` replaced (or deleted); shares all other nodes. */
function setAt(value: Json, path: Path, replacement: Json | typeof DELETE): Json {
  if (path.length === 0) return replacement === DELETE ? null : replacement;
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) {
    const copy = value.slice();
    const i = key as number;
    if (rest.length === 0 && replacement === DELETE) copy.splice(i, 1);
    else copy[i] = setAt(copy[i] as Json, rest, replacement);
    return copy;
  }
  const object = value as { [key: string]: Json };
  const copy: { [key: string]: Json } = {};
  for (const k of Object.keys(object)) {
    if (k === key && rest.length === 0 && replacement === DELETE) continue;
    define(copy, k, k === key ? setAt(object[k] as Json, rest, replacement) : (object[k] as Json));
  }
  return copy;
}

function typeOf(value: Json): string {
  return value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * The raw tokens a mutated value holds: placeholders in the value, swapped for their text
 * by {@link stringifyWithTokens}.
 */
export interface Tokens {
  readonly texts: string[];
}

function placeholder(tokens: Tokens, text: string): string {
  tokens.texts.push(text);
  return `@@raw${tokens.texts.length - 1}@@`;
}

/** JSON.stringify, then each placeholder replaced by its raw token. */
export function stringifyWithTokens(value: Json, tokens: Tokens, indent = 0): string {
  const text = JSON.stringify(value, null, indent) ?? "null";
  if (tokens.texts.length === 0) return text;
  return text.replace(/"@@raw(\d+)@@"/g, (_, i: string) => tokens.texts[Number(i)] ?? "null");
}

/**
 * One structural mutation of `value` at a random path. `oneofKeys` are the names of members
 * of which a message may hold only one (the envelope kinds), to add a second one.
 */
export function mutateJsonValue(
  random: Random,
  value: Json,
  tokens: Tokens,
  oneofKeys: readonly string[] = [],
): Json {
  const paths = pathsOf(value);
  const path = random.pick(paths);
  const node = getAt(value, path);
  switch (random.below(13)) {
    case 0: {
      // A value of another type.
      let replacement = randomJson(random, 2);
      for (let i = 0; i < 3 && typeOf(replacement) === typeOf(node); i++) {
        replacement = randomJson(random, 2);
      }
      return setAt(value, path, replacement);
    }
    case 1:
      return setAt(value, path, random.pick(specialStrings));
    case 2:
      return setAt(value, path, random.pick(specialNumbers));
    case 3:
      return setAt(value, path, placeholder(tokens, rawToken(random)));
    case 4:
      return path.length === 0 ? value : setAt(value, path, DELETE);
    case 5: {
      // An unknown key, or a near miss of a known one.
      const target = typeOf(node) === "object" ? path : path.slice(0, -1);
      const parent = getAt(value, target);
      if (typeOf(parent) !== "object") return value;
      const copy = { ...(parent as { [key: string]: Json }) };
      define(copy, randomKey(random), randomJson(random, 1));
      return setAt(value, target, copy);
    }
    case 6: {
      // A second member of the envelope's oneof.
      if (typeOf(value) !== "object" || oneofKeys.length === 0) return value;
      const copy = { ...(value as { [key: string]: Json }) };
      define(copy, random.pick(oneofKeys), random.chance(0.5) ? {} : randomJson(random, 2));
      return copy;
    }
    case 7: {
      // The same field twice, in both name styles (sw_version and swVersion).
      if (typeOf(node) !== "object") return value;
      const object = node as { [key: string]: Json };
      const keys = Object.keys(object);
      if (keys.length === 0) return value;
      const key = random.pick(keys);
      const other = snake(key) === key ? camel(key) : snake(key);
      if (other === key) return value;
      const copy = { ...object };
      define(copy, other, random.chance(0.5) ? (object[key] as Json) : randomJson(random, 1));
      return setAt(value, path, copy);
    }
    case 8: {
      const length = random.pick([1000, 65_536, random.between(1, 200_000)]);
      const unit = random.pick(["a", "é", "\u{1F697}", "\\", '"']);
      return setAt(value, path, unit.repeat(length));
    }
    case 9:
      return setAt(value, path, [node]);
    case 10:
      return setAt(value, path, null);
    case 11:
      // A number as a string and the other way round.
      return typeof node === "number"
        ? setAt(value, path, String(node))
        : typeof node === "string" && node !== "" && Number.isFinite(Number(node))
          ? setAt(value, path, Number(node))
          : setAt(value, path, {});
    default:
      return setAt(value, path, randomJson(random, 3));
  }
}

const textTokens = [
  "{",
  "}",
  "[",
  "]",
  '"',
  ",",
  ":",
  "null",
  "true",
  "1e400",
  "-",
  "\\",
  "\\u12",
  "/*",
  " ",
  "\u0000",
  "\ufeff",
  '"a":1,',
  "{}",
  "[]",
];

/** One change to JSON text: a deletion, an insertion, a duplication, a truncation, a splice. */
export function mutateJsonText(random: Random, text: string, corpus: readonly string[]): string {
  const at = random.below(text.length + 1);
  switch (random.below(7)) {
    case 0:
      return text.slice(0, at) + text.slice(at + random.between(1, 16));
    case 1:
      return text.slice(0, at) + random.pick(textTokens) + text.slice(at);
    case 2: {
      const to = Math.min(text.length, at + random.between(1, 200));
      return text.slice(0, to) + text.slice(at, to) + text.slice(to);
    }
    case 3:
      return text.slice(0, at);
    case 4: {
      const other = random.pick(corpus);
      return text.slice(0, at) + other.slice(random.below(other.length + 1));
    }
    case 5:
      return `${text.slice(0, at)}${String.fromCharCode(random.below(128))}${text.slice(at + 1)}`;
    default:
      return random.chance(0.5) ? `\ufeff${text}` : `${text}${random.pick(textTokens)}`;
  }
}

/** A JSON text that is not built from the corpus: deep nesting, long strings, big numbers. */
export function oddJsonText(random: Random): string {
  switch (random.below(4)) {
    case 0:
      return rawToken(random);
    case 1: {
      // Deeper still is linear too, but JSON.parse alone needs ~50 ms for 100 000 levels (1.5 MB).
      const depth = random.pick([100, 101, 1000, 20_000]);
      return random.chance(0.5)
        ? "[".repeat(depth) + "]".repeat(depth)
        : `{"updateManifest":{"ecuUpdates":[{"rollback":[${'{"rollback":['.repeat(depth)}${"]}".repeat(depth)}]}]}}`;
    }
    case 2:
      return `{"updateGet":{"vin":"${"x".repeat(random.between(1, 200_000))}"}}`;
    default:
      return JSON.stringify(randomJson(random, 4));
  }
}
