// Differences from Google that are bugs of ours, to be fixed. Listed so that the suite stays
// green while they are: google-json.test.ts fails on an entry no input needs any more, so each
// is deleted when fixed. Same shape as deliberate-differences.ts.
import type { DeliberateDifference } from "./deliberate-differences.js";

export const knownDifferences: readonly DeliberateDifference[] = [];
