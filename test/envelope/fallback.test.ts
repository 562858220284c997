import type { JsonValue } from "@bufbuild/protobuf";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fromJsonGRPC_AttendantPayload,
  toJsonGRPC_AttendantPayload,
} from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import { fromJsonFallback, toJsonFallback } from "../../src/envelope/fallback.js";
import { arbitraryEnvelope } from "../../src/testing/index.js";
import { jsonText, writeOptions } from "../helpers/json-arbitraries.js";

// The fallback (protobuf-es behind the codec's checks) and the generated mappers agree; the
// agreement of the public functions with the slow paths is in envelope-json.test.ts.

describe("toJsonFallback() and fromJsonFallback(): the generated mappers take every canonical form themselves", () => {
  // Agreement with the slow path would also hold if the fast path gave up on everything: these
  // show that it does not, so that the benchmark measures what users get.
  it("maps any envelope to JSON, in every option, without the slow path", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), writeOptions, (envelope, o) => {
        const json = toJsonGRPC_AttendantPayload(
          envelope,
          o.useProtoFieldName ?? false,
          o.alwaysEmitImplicit ?? false,
          o.enumAsInteger ?? false,
          100,
        );
        expect(json).toEqual(toJsonFallback(envelope, o));
      }),
      { numRuns: 300 },
    );
  });

  it("reads the JSON protobuf-es writes, in every form, without the slow path", () => {
    fc.assert(
      fc.property(jsonText, fc.boolean(), (text, wellFormed) => {
        const json = JSON.parse(text) as JsonValue;
        const fast = fromJsonGRPC_AttendantPayload(json, false, 100, wellFormed);
        expect(fast).toBeDefined();
        expect(fast).toEqual(fromJsonFallback(json, { requireData: false }));
      }),
      { numRuns: 300 },
    );
  });
});
