// Differences from Google that are bugs of ours, to be fixed (issue 16, point 2). Listed so that
// the suite stays green while they are: google-json.test.ts fails on an entry no input needs any
// more, so each is deleted when fixed. Same shape as deliberate-differences.ts.
import type { DeliberateDifference } from "./deliberate-differences.js";

const toFix = "a bug: issue 16, point 2";

export const knownDifferences: readonly DeliberateDifference[] = [
  // 64-bit integers: only an optional "-" and decimal digits (libprotobuf's safe_strto64).
  {
    probe: "int64/uint64 string with spaces or prefix",
    how: "accepted, Google refuses",
    reason: toFix,
  },
  {
    probe: "int64/uint64 string in exponent or fraction form",
    how: "accepted, Google refuses",
    reason: toFix,
  },
  // 32-bit integers in strings: decimal digits only; numbers may have an exponent or ".0".
  {
    probe: "int32/uint32 string in exponent, fraction or signed-zero form",
    how: "accepted, Google refuses",
    reason: toFix,
  },
  {
    probe: "integer string with spaces, prefix or separator",
    how: "accepted, Google refuses",
    reason: toFix,
  },
  // Base64: padding only at the end and complete, no stray characters.
  { probe: "base64 with bad padding", how: "accepted, Google refuses", reason: toFix },
  { probe: "base64 with stray characters", how: "accepted, Google refuses", reason: toFix },
  // Enums: a string of digits naming a known number is read as that number.
  { probe: "enum number written as a string", how: "refused, Google accepts", reason: toFix },
  // Duplicate keys: JSON.parse keeps the last; Google (and the conformance suite) refuse.
  { probe: "duplicate key", how: "accepted, Google refuses", reason: toFix },
  // A null oneof member does not set the oneof.
  { probe: "null oneof member beside another", how: "refused, Google accepts", reason: toFix },
  { probe: "two null oneof members", how: "refused, Google accepts", reason: toFix },
  // Lone surrogates are refused anywhere in the text, ignored members and values included.
  { probe: "unknown field", how: "accepted, Google refuses", reason: toFix },
  { probe: 'enum name unknown: "\\ud800"', how: "accepted, Google refuses", reason: toFix },
  // Nesting past 100 levels is refused in ignored values too.
  { probe: "unknown value nested deep", how: "accepted, Google refuses", reason: toFix },
];
