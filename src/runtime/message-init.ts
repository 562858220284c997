// Making a message from an init object, as protobuf-es's create(schema, init) makes it: what the
// generated create<Message>From() functions call. They read the init as create() reads it (each
// property once, in field order, inherited ones too), convert what create() converts and take
// everything else as it is; nothing is checked here, a writer checks the message it is given.

import { setOwn } from "./own-property.js";

/**
 * A generated function that makes a message from an init that is not already one: `left` is how
 * many more levels of messages may nest under the one it makes.
 */
export type CreateFrom<T> = (init: unknown, left: number) => T;

/**
 * Thrown by the generated functions for an init that nests deeper than the levels it was given,
 * or that contains itself: a private signal that {@link isTooDeepInit} tells apart from anything
 * a getter of the init throws.
 */
const TOO_DEEP: unique symbol = Symbol("too deep");

/** Whether `thrown` is what a generated create…From() throws for an init nested too deep. */
export function isTooDeepInit(thrown: unknown): boolean {
  return thrown === TOO_DEEP;
}

/**
 * Whether `value` is a message of type `typeName`, read as protobuf-es's isMessage(value, schema)
 * reads it: an object with a `$typeName` property (own or inherited) that is that string.
 */
function isMessageOf(value: unknown, typeName: string): boolean {
  return (
    value !== null &&
    typeof value === "object" &&
    "$typeName" in value &&
    typeof value.$typeName === "string" &&
    value.$typeName === typeName
  );
}

/** An object that is not an array: what create() makes a message of. */
function isInitObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * `init` as a message of type `typeName`, as `create(schema, init)` makes it: a message of that
 * type is returned as it is, anything else (`undefined` and other non-objects too) is read by
 * `from`. The message made is at the first of `levels` levels.
 */
export function createMessage<T>(
  from: CreateFrom<T>,
  typeName: string,
  init: unknown,
  levels: number,
): T {
  if (isMessageOf(init, typeName)) return init as T;
  if (levels < 1) throw TOO_DEEP;
  return from(init, levels - 1);
}

/**
 * The value of a message field (or list item, map value, oneof member) of type `typeName` from
 * its init, as create() converts it: an object that is not a message of the type is made into
 * one by `from`; anything else, an array or a message of the type among them, is taken as it is.
 */
export function initMessage<T>(
  value: unknown,
  typeName: string,
  from: CreateFrom<T>,
  left: number,
): unknown {
  if (!isInitObject(value) || isMessageOf(value, typeName)) return value;
  if (left === 0) throw TOO_DEEP;
  return from(value, left - 1);
}

/** The value of a list field of messages: each item of an array converted by {@link initMessage}. */
export function initMessageList<T>(
  value: unknown,
  typeName: string,
  from: CreateFrom<T>,
  left: number,
): unknown {
  return Array.isArray(value)
    ? value.map((item: unknown) => initMessage(item, typeName, from, left))
    : (value ?? []);
}

/**
 * The value of a map field of messages: a new record of the object's own enumerable keys, each
 * value converted by {@link initMessage}; anything that is not an object taken as it is.
 */
export function initMessageMap<T>(
  value: unknown,
  typeName: string,
  from: CreateFrom<T>,
  left: number,
): unknown {
  if (!isInitObject(value)) return value ?? {};
  const converted: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k] as string;
    setOwn(converted, key, initMessage(value[key], typeName, from, left));
  }
  return converted;
}

/** The value of a `bytes` field: an array of numbers made into a Uint8Array, anything else as it is. */
export function initBytes(value: unknown): unknown {
  return Array.isArray(value) ? new Uint8Array(value) : value;
}

/** The value of a list field of `bytes`: each item converted by {@link initBytes}. */
export function initBytesList(value: unknown): unknown {
  return Array.isArray(value) ? value.map((item: unknown) => initBytes(item)) : (value ?? []);
}

/** The value of a map field of `bytes`: as {@link initMessageMap}, with {@link initBytes}. */
export function initBytesMap(value: unknown): unknown {
  if (!isInitObject(value)) return value ?? {};
  const converted: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k] as string;
    setOwn(converted, key, initBytes(value[key]));
  }
  return converted;
}
