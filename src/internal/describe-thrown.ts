import { escapeText, MAX_QUOTED_LENGTH } from "../runtime/escape-text.js";

/**
 * Returns a one-line description of a thrown value (`TypeError: fetch failed`, `null`), escaped
 * and cut by {@link escapeText} so that it can go into a message whatever it holds. It never
 * throws, even for a value whose `name`, `message` or `toString` throws. Internal: shared by
 * `http/` and `client/`; never exported from the package.
 */
export function describeThrown(thrown: unknown, maxLength = MAX_QUOTED_LENGTH): string {
  try {
    const text =
      thrown instanceof Error
        ? `${String(thrown.name)}: ${String(thrown.message)}`
        : String(thrown);
    return escapeText(text, maxLength);
  } catch {
    return "a value that cannot be printed";
  }
}
