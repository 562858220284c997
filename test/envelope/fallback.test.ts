import type { JsonValue } from "@bufbuild/protobuf";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as fast from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import { fromJsonFallback, jsonError } from "../../src/envelope/fallback.js";
import { CodecError } from "../../src/index.js";
import { MAX_MESSAGE_LENGTH } from "../../src/internal/escape-text.js";
import { parsedJsonReader } from "../../src/runtime/index.js";
import { jsonText } from "../helpers/json-arbitraries.js";

// The JSON reader's fallback (protobuf-es behind the codec's checks) and the generated reader
// agree; the agreement of the public functions with the slow paths is in envelope-json.test.ts.

describe("fromJsonFallback(): the generated reader takes every canonical form itself", () => {
  // Agreement with the slow path would also hold if the fast path gave up on everything: this
  // shows that it does not, so that the benchmark measures what users get.
  it("reads the JSON protobuf-es writes, in every form, without the slow path", () => {
    fc.assert(
      fc.property(jsonText, fc.boolean(), (text, wellFormed) => {
        const json = JSON.parse(text) as JsonValue;
        const options = { ignoreUnknownFields: false, recursionLimit: 100 };
        const read = fast.fromJson(
          "kafka_grpc.GRPC_AttendantPayload",
          json,
          options,
          parsedJsonReader(options, wellFormed, true),
        );
        expect(read).toBeDefined();
        expect(read).toEqual(fromJsonFallback(json, { requireData: false }));
      }),
      { numRuns: 300 },
    );
  });
});

describe("jsonError()", () => {
  const prefix = "cannot decode kafka_grpc.GRPC_AttendantPayload from JSON: ";

  it("passes a CodecError as it is", () => {
    const error = new CodecError("too_deep", "deep");
    expect(jsonError(error)).toBe(error);
  });

  it("makes anything else invalid_json, whatever its text says: depth is counted before", () => {
    for (const text of [
      "Maximum call stack size exceeded",
      "maximum recursion depth of 3 reached",
    ]) {
      const error = jsonError(new RangeError(text));
      expect(error.code).toBe("invalid_json");
      expect(error.rawMessage).toBe(prefix + text);
    }
  });

  it(`cuts a long text after MAX_MESSAGE_LENGTH (${MAX_MESSAGE_LENGTH}) characters, in the cause too`, () => {
    const error = jsonError(new Error("x".repeat(5000)));
    const cut = `${"x".repeat(MAX_MESSAGE_LENGTH)}…`;
    expect(error.rawMessage).toBe(prefix + cut);
    expect((error.cause as Error).message).toBe(cut);
  });
});
