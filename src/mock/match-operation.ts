import { type OperationId, operations } from "../http/index.js";

let patterns: { id: OperationId; method: string; pattern: RegExp }[] | undefined;

const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\{}]/g, "\\$&");

/**
 * The operation a request is for, by its method and the end of its path (a path prefix before it
 * is allowed, as the default handlers allow it); undefined when none matches.
 */
export function matchOperation(method: string, pathname: string): OperationId | undefined {
  patterns ??= (Object.keys(operations) as OperationId[]).map((id) => {
    const op = operations[id];
    const path = op.path.split("{id}").map(escapeRegExp).join("[^/]+");
    return { id, method: op.method, pattern: new RegExp(`${path}/?$`) };
  });
  return patterns.find((p) => p.method === method && p.pattern.test(pathname))?.id;
}
