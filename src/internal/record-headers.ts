import { isUint8Array } from "../runtime/bytes-value.js";

// Reading one header of a record, whichever way its client holds headers: an object of Buffers,
// strings or arrays (kafkajs, Confluent), or a Map whose keys may be Buffers (@platformatic/kafka
// before its header deserializers run, or with its default ones).

const utf8 = /*@__PURE__*/ new TextEncoder();

/**
 * The bytes of header `name`, or undefined when the record has none. A string is taken as its
 * UTF-8 bytes; of an array (a repeated header) the last value counts, as in Confluent's
 * deserializers. A value of any other type is returned as it is, for the caller to reject.
 * `name` is ASCII, as the schema id headers' names are.
 */
export function readHeader(headers: unknown, name: string): unknown {
  if (headers === undefined || headers === null) return undefined;
  let value: unknown;
  if (headers instanceof Map) {
    for (const [key, entry] of headers) {
      if (key === name || (isUint8Array(key) && isKey(key, name))) value = entry;
    }
  } else if (typeof headers === "object") {
    value = Object.hasOwn(headers, name) ? (headers as Record<string, unknown>)[name] : undefined;
  }
  if (Array.isArray(value)) value = value[value.length - 1];
  return typeof value === "string" ? utf8.encode(value) : value;
}

// The bytes of the last name looked up, so that a Buffer key is compared byte by byte instead of
// decoded for each record.
let lastName = "";
let lastNameBytes = /*@__PURE__*/ new Uint8Array(0);

/**
 * Whether the header key `key`, UTF-8 bytes, decodes to `name`, an ASCII name: when its bytes
 * are the name's, after a byte order mark if any (TextDecoder drops one; bytes that are not UTF-8
 * decode to U+FFFD, never to ASCII).
 */
function isKey(key: Uint8Array, name: string): boolean {
  if (name !== lastName) {
    lastNameBytes = utf8.encode(name);
    lastName = name;
  }
  const bytes = lastNameBytes;
  let from = 0;
  if (key.length === bytes.length + 3 && key[0] === 0xef && key[1] === 0xbb && key[2] === 0xbf) {
    from = 3;
  } else if (key.length !== bytes.length) {
    return false;
  }
  for (let i = 0; i < bytes.length; i++) if (key[from + i] !== bytes[i]) return false;
  return true;
}
