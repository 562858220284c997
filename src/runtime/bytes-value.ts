// What the codec takes for bytes: the input of every decoder and reader of frames, and the value
// of a `bytes` field.

/**
 * Whether `value` is a Uint8Array (a Node Buffer too): an instance of it that is also a typed
 * array, so that an object that only has its prototype, or a Proxy around one, is not taken for
 * bytes (reading their length throws a TypeError).
 */
export function isUint8Array(value: unknown): value is Uint8Array {
  return value instanceof Uint8Array && ArrayBuffer.isView(value);
}

/**
 * Whether `value` is empty bytes, the zero value of a `bytes` field, which proto3 leaves out of
 * the output. Any other value is written, and refused there when it is not bytes.
 */
export function isEmptyBytes(value: unknown): boolean {
  return isUint8Array(value) && value.length === 0;
}
