import { describe, expect, it } from "vitest";
import { isEmptyBytes, isUint8Array } from "../../src/runtime/bytes-value.js";

describe("isUint8Array()", () => {
  it.each([
    ["a Uint8Array", new Uint8Array(2), true],
    ["a Buffer", Buffer.from("ab"), true],
    ["an empty Uint8Array", new Uint8Array(0), true],
    ["a Proxy around a Uint8Array", new Proxy(new Uint8Array(2), {}), false],
    ["an object made from Uint8Array.prototype", Object.create(Uint8Array.prototype), false],
    ["another typed array", new Uint16Array(2), false],
    ["a DataView", new DataView(new ArrayBuffer(2)), false],
    ["an array of numbers", [1, 2], false],
    ["a string", "ab", false],
    ["null", null, false],
  ])("takes %s for bytes: %s", (_, value, bytes) => {
    expect(isUint8Array(value)).toBe(bytes);
  });
});

describe("isEmptyBytes()", () => {
  it.each([
    ["empty bytes", new Uint8Array(0), true],
    ["bytes", new Uint8Array(1), false],
    ["a Proxy around empty bytes", new Proxy(new Uint8Array(0), {}), false],
    ["an empty array", [], false],
    ["undefined", undefined, false],
  ])("takes %s for the zero value of a bytes field: %s", (_, value, empty) => {
    expect(isEmptyBytes(value)).toBe(empty);
  });
});
