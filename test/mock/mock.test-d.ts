// The replies are typed by the operations table: an undeclared status, a wrong body shape or an
// unknown operation id does not compile.
import { delay, HttpResponse } from "msw";
import { describe, expectTypeOf, it } from "vitest";
import { z } from "zod";
import {
  CommonCar,
  type DeclaredStatus as MockStatus,
  type ResponseBody as ReplyBody,
} from "../../src/http/index.js";
import {
  createHandlers,
  type MockReply,
  type MockResolverInfo,
  mockOperation,
  startMockServer,
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
    mockOperation("sendSms", { status: 200, body: { sid: "SM1" } });
    mockOperation("listVehicles", { status: 200, body: { total: 1, data: [{ vin: "V" }, null] } });
    mockOperation("getTwinCarState", { status: 200, body: [1, "two", { three: [null] }] });
    mockOperation("deleteIssue", { status: 401, body: { code: 401, message: "no" } });
    mockOperation("listVehicles", { kind: "raw", status: 502, body: "<html>" }, { once: true });
    mockOperation("listVehicles", () => HttpResponse.error());
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
    // @ts-expect-error delays are msw's delay() in a resolver
    mockOperation("sendSms", { status: 200, delayMs: 10 });
    // @ts-expect-error network errors are msw's HttpResponse.error()
    mockOperation("sendSms", { kind: "network_error" });
  });

  it("refuse an unknown operation id", () => {
    // @ts-expect-error no such operation
    mockOperation("listCars", { status: 200 });
    // @ts-expect-error no such operation in replies either
    createHandlers({ replies: { listCars: { status: 200 } } });
    expectTypeOf<MockReply<"sendSms">>().not.toBeNever();
  });

  it("type a resolver by the operation: params, and the reply it returns", () => {
    mockOperation("deleteIssue", ({ params, request }) => {
      expectTypeOf(params.id).toEqualTypeOf<string>();
      expectTypeOf(request).toEqualTypeOf<Request>();
      return { status: 200, body: { message: "deleted" } };
    });
    mockOperation("listVehicles", async () => {
      await delay(10);
      return { status: 503 };
    });
    mockOperation("listVehicles", () => undefined);
    // @ts-expect-error 408 is declared by sendSms only, in a resolver too
    mockOperation("listVehicles", () => ({ status: 408 }));
    // @ts-expect-error the car state is a JSON array, in a resolver too
    mockOperation("getTwinCarState", async () => ({ status: 200, body: { vin: "V" } }));
    expectTypeOf<MockResolverInfo<"deleteIssue">["params"]["id"]>().toEqualTypeOf<string>();
  });

  it("type the reply data by the records given: car.vin is string, unknown without", () => {
    const records = { CommonCar: CommonCar.extend({ vin: z.string() }) };
    type Cars<Body extends { data?: unknown }> = NonNullable<Body["data"]>;
    type TypedCar = NonNullable<Cars<ReplyBody<"listVehicles", 200, typeof records>>[number]>;
    type OpenCar = NonNullable<Cars<ReplyBody<"listVehicles", 200>>[number]>;
    expectTypeOf<TypedCar["vin"]>().toEqualTypeOf<string>();
    expectTypeOf<OpenCar["vin"]>().toEqualTypeOf<unknown>();
    mockOperation("listVehicles", { status: 200, body: { data: [{ vin: "V" }] } }, { records });
    // @ts-expect-error vin is a string by the records
    mockOperation("listVehicles", { status: 200, body: { data: [{ vin: 1 }] } }, { records });
    mockOperation(
      "listVehicles",
      // @ts-expect-error a car without vin, from a resolver
      () => ({ status: 200, body: { data: [{ model: "ID.3" }] } }),
      { records },
    );
    createHandlers({
      records,
      // @ts-expect-error the same in createHandlers' replies
      replies: { listVehicles: { status: 200, body: { data: [{ vin: false }] } } },
    });
    void startMockServer({
      records,
      replies: { listVehicles: { status: 200, body: { data: [{ vin: "V" }] } } },
    });
    mockOperation("listVehicles", { status: 200, body: { data: [{ vin: 1 }] } });
  });
});
