import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as fast from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import { toJsonFallback } from "../../src/envelope/fallback.js";
import { arbitraryEnvelope } from "../../src/testing/index.js";
import { writeOptions } from "../helpers/json-arbitraries.js";

// The fallback of writing JSON (protobuf-es behind the codec's checks) and the generated mapper
// agree; the agreement of the public functions with the slow paths is in envelope-json.test.ts.

describe("toJsonFallback(): the generated mapper takes every canonical form itself", () => {
  // Agreement with the slow path would also hold if the fast path gave up on everything: these
  // show that it does not, so that the benchmark measures what users get.
  it("maps any envelope to JSON, in every option, without the slow path", () => {
    fc.assert(
      fc.property(arbitraryEnvelope(), writeOptions, (envelope, o) => {
        const json = fast.toJson("kafka_grpc.GRPC_AttendantPayload", envelope, {
          useProtoFieldName: o.useProtoFieldName ?? false,
          alwaysEmitImplicit: o.alwaysEmitImplicit ?? false,
          enumAsInteger: o.enumAsInteger ?? false,
          recursionLimit: 100,
        });
        expect(json).toEqual(toJsonFallback(envelope, o));
      }),
      { numRuns: 300 },
    );
  });
});
