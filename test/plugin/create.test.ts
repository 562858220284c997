import { create, type DescMessage } from "@bufbuild/protobuf";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as fast from "../../gen/kafka_grpc/kafka_grpc_fast.js";
import { isTooDeepInit } from "../../src/runtime/index.js";
import {
  build,
  createArgument,
  ending,
  expectSameEnding,
  messageTypes,
} from "../helpers/init-arbitraries.js";

// The generated create() against protobuf-es's create(), the oracle, on every message type:
// the same message from the same init, hostile ones included (getters that throw, inherited and
// hidden properties, proxies, values of the wrong type, messages of another type), with the same
// properties read in the same order.

describe("create(): the generated create<Message>From() functions", () => {
  it.each([...messageTypes])("agree with protobuf-es create() on %s", (typeName, desc) => {
    if (!fast.isMessageTypeName(typeName)) throw new Error(`no generated code for ${typeName}`);
    fc.assert(
      fc.property(createArgument(desc), (plan) => {
        const init = build(plan);
        const theirs = ending(() => create(desc, init.value as never));
        const theirReads = init.log.splice(0);
        const ours = ending(() => fast.create(typeName, init.value, 100));
        expect(init.log).toEqual(theirReads);
        expectSameEnding(ours, theirs, init.made);
      }),
      { numRuns: 300 },
    );
  });

  it("counts levels: an init of n levels needs n, a message of the type needs none", () => {
    const nested = (levels: number): object =>
      levels === 1 ? {} : { rollback: [nested(levels - 1)] };
    const typeName = "kafka_grpc.UpdateManifestECU";
    expect(fast.create(typeName, nested(5), 5).rollback).toHaveLength(1);
    const thrown = ending(() => fast.create(typeName, nested(6), 5));
    expect("threw" in thrown && isTooDeepInit(thrown.threw)).toBe(true);
    const message = create(messageTypes.get(typeName) as never);
    expect(fast.create(typeName, message, 0)).toBe(message);
  });

  it("agrees with create() on an init of any depth within the levels, and signals one past them", () => {
    const typeName = "kafka_grpc.UpdateManifestECU";
    const desc = messageTypes.get(typeName) as DescMessage;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 60 }),
        (depth, levels) => {
          let init: object = { name: "leaf" };
          for (let i = 1; i < depth; i++) init = { rollback: [init], eccKeys: { ecu: `${i}` } };
          const ours = ending(() => fast.create(typeName, init, levels));
          if (depth > levels) {
            expect("threw" in ours && isTooDeepInit(ours.threw)).toBe(true);
          } else {
            expectSameEnding(
              ours,
              ending(() => create(desc, init as never)),
              new Set(),
            );
          }
        },
      ),
    );
  });

  it("signals an init that contains itself, at any place, as nested too deep", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.nat(), (depth, back) => {
        const chain: { rollback: unknown[] }[] = [{ rollback: [] }];
        for (let i = 1; i < depth; i++) {
          const next = { rollback: [] };
          chain[i - 1]?.rollback.push(next);
          chain.push(next);
        }
        chain[depth - 1]?.rollback.push(chain[back % depth]);
        const thrown = ending(() => fast.create("kafka_grpc.UpdateManifestECU", chain[0], 500));
        expect("threw" in thrown && isTooDeepInit(thrown.threw)).toBe(true);
      }),
    );
  });

  it("signals an init that contains itself as nested too deep, not a stack overflow", () => {
    const ecu: { rollback: unknown[] } = { rollback: [] };
    ecu.rollback.push(ecu);
    const thrown = ending(() => fast.create("kafka_grpc.UpdateManifestECU", ecu, 500));
    expect("threw" in thrown && isTooDeepInit(thrown.threw)).toBe(true);
  });
});
