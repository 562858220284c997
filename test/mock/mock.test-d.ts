// The replies are typed by the operations table: an undeclared status, a wrong body shape or an
// unknown operation id does not compile.
import { describe, expectTypeOf, it } from "vitest";
import {
  createHandlers,
  type MockReply,
  type MockStatus,
  mockOperation,
  type ReplyBody,
} from "../../src/mock/index.js";

describe("mock types", () => {
  it("derive the declared statuses from the operations table", () => {
    expectTypeOf<MockStatus<"sendSms">>().toEqualTypeOf<200 | 400 | 401 | 408 | 503>();
    expectTypeOf<MockStatus<"listVehicles">>().toEqualTypeOf<200 | 400 | 401 | 503>();
  });

  it("type the 200 body as the operation's record on the wire and errors as CommonJSONError", () => {
    expectTypeOf<ReplyBody<"getTwinCarState", 200>>().toExtend<unknown[]>();
    expectTypeOf<ReplyBody<"listVehicles", 503>>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<{ data: null }>().toExtend<ReplyBody<"listVehicles", 200>>();
  });

  it("accept what the service may answer", () => {
    mockOperation("sendSms", { status: 408 });
    mockOperation("sendSms", { status: 200, body: { sid: "SM1" }, delayMs: 10 });
    mockOperation("listVehicles", { status: 200, body: { total: 1, data: [{ vin: "V" }, null] } });
    mockOperation("getTwinCarState", { status: 200, body: [1, "two", { three: [null] }] });
    mockOperation("deleteIssue", { status: 401, body: { code: 401, message: "no" } });
    mockOperation("listVehicles", { kind: "raw", status: 502, body: "<html>" }, { once: true });
    mockOperation("listVehicles", { kind: "network_error", delayMs: 5 });
    createHandlers({
      replies: { sendSms: { status: 408 }, listIssues: { kind: "raw", status: 204 } },
    });
  });

  it("refuse an undeclared status", () => {
    // @ts-expect-error 408 is declared by sendSms only
    mockOperation("listVehicles", { status: 408 });
    // @ts-expect-error 404 is declared by no operation: a raw reply sends it
    mockOperation("deleteIssue", { status: 404 });
    // @ts-expect-error the same in createHandlers' replies
    createHandlers({ replies: { listIssues: { status: 500 } } });
  });

  it("refuse a body of the wrong shape", () => {
    // @ts-expect-error data is a list of records
    mockOperation("listVehicles", { status: 200, body: { data: "none" } });
    // @ts-expect-error the car state is a JSON array
    mockOperation("getTwinCarState", { status: 200, body: { vin: "V" } });
    // @ts-expect-error an error body is a CommonJSONError object
    mockOperation("sendSms", { status: 503, body: "down" });
    // @ts-expect-error a raw body is text
    mockOperation("sendSms", { kind: "raw", status: 500, body: { oops: true } });
    // @ts-expect-error delayMs is a number of milliseconds
    mockOperation("sendSms", { status: 200, delayMs: "1s" });
  });

  it("refuse an unknown operation id", () => {
    // @ts-expect-error no such operation
    mockOperation("listCars", { status: 200 });
    // @ts-expect-error no such operation in replies either
    createHandlers({ replies: { listCars: { status: 200 } } });
    expectTypeOf<MockReply<"sendSms">>().not.toBeNever();
  });
});
