/** A short description of a value's type for error texts: `null`, `array`, `string`, … */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (value instanceof Uint8Array) return `Uint8Array of ${value.length} bytes`;
  return typeof value;
}
