import { describe, expect, it } from "vitest";
import { isEmptyBytes, isUint8Array } from "../../src/runtime/bytes-value.js";

describe("isUint8Array()", () => {
  it.each([
    ["a Uint8Array", true, new Uint8Array(2)],
    ["a Buffer", true, Buffer.from("ab")],
    ["an empty Uint8Array", true, new Uint8Array(0)],
    ["a Proxy around a Uint8Array", false, new Proxy(new Uint8Array(2), {})],
    ["an object made from Uint8Array.prototype", false, Object.create(Uint8Array.prototype)],
    ["another typed array", false, new Uint16Array(2)],
    ["a DataView", false, new DataView(new ArrayBuffer(2))],
    ["an array of numbers", false, [1, 2]],
    ["a string", false, "ab"],
    ["null", false, null],
  ])("takes %s for bytes: %s", (_, bytes, value) => {
    expect(isUint8Array(value)).toBe(bytes);
  });
});

describe("isEmptyBytes()", () => {
  it.each([
    ["empty bytes", true, new Uint8Array(0)],
    ["bytes", false, new Uint8Array(1)],
    ["a Proxy around empty bytes", false, new Proxy(new Uint8Array(0), {})],
    ["an empty array", false, []],
    ["undefined", false, undefined],
  ])("takes %s for the zero value of a bytes field: %s", (_, empty, value) => {
    expect(isEmptyBytes(value)).toBe(empty);
  });
});
