// Reading one header of a record, whichever way its client holds headers: an object of Buffers,
// strings or arrays (kafkajs, Confluent), or a Map whose keys may be Buffers (@platformatic/kafka
// before its header deserializers run, or with its default ones).

const utf8 = /*@__PURE__*/ new TextEncoder();
const utf8Decoder = /*@__PURE__*/ new TextDecoder();

/**
 * The bytes of header `name`, or undefined when the record has none. A string is taken as its
 * UTF-8 bytes; of an array (a repeated header) the last value counts, as in Confluent's
 * deserializers. A value of any other type is returned as it is, for the caller to reject.
 */
export function readHeader(headers: unknown, name: string): unknown {
  if (headers === undefined || headers === null) return undefined;
  let value: unknown;
  if (headers instanceof Map) {
    for (const [key, entry] of headers) {
      if (key === name || (key instanceof Uint8Array && utf8Decoder.decode(key) === name)) {
        value = entry;
      }
    }
  } else if (typeof headers === "object") {
    value = Object.hasOwn(headers, name) ? (headers as Record<string, unknown>)[name] : undefined;
  }
  if (Array.isArray(value)) value = value[value.length - 1];
  return typeof value === "string" ? utf8.encode(value) : value;
}
