/**
 * Sets `record[key]`, as an own property even for the key `"__proto__"` (an assignment would
 * set the prototype instead).
 */
export function setOwn(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(record, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  } else {
    record[key] = value;
  }
}
