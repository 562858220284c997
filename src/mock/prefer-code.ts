/**
 * The status a `Prefer` header asks for, as Prism reads it: `Prefer: code=503` (among other
 * preferences, `Prefer: code=503, dynamic=true`) gives 503; no `code=` gives undefined.
 */
export function preferredStatus(prefer: string | null): number | undefined {
  if (prefer === null) return undefined;
  const match = /(?:^|[\s,;])code\s*=\s*"?([0-9]{3})"?(?=$|[\s,;])/i.exec(prefer);
  return match ? Number(match[1]) : undefined;
}
