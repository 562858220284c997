import { describe, expectTypeOf, it } from "vitest";
import { z } from "zod";
import {
  type Client,
  type ClientMethodArgs,
  type ClientResult,
  type ClientResultKind,
  createClient,
  type PathId,
  type RequestOptions,
} from "../../src/client/index.js";
import { CommonCar, CommonJSONError, type OperationId } from "../../src/http/index.js";

declare const client: Client;

describe("Client", () => {
  it("has one method per operation, named by its id", () => {
    expectTypeOf<keyof Client>().toEqualTypeOf<OperationId>();
    expectTypeOf(createClient({ baseUrl: "https://ota.example.com" })).toEqualTypeOf<Client>();
  });

  it("takes (options?) for an operation without {id} and without a body", () => {
    expectTypeOf(client.listVehicles).parameters.toEqualTypeOf<[options?: RequestOptions]>();
    expectTypeOf(client.deleteApiToken).parameters.toEqualTypeOf<[options?: RequestOptions]>();
  });

  it("takes (body, options?) for a POST", () => {
    expectTypeOf(client.sendSms).parameters.toEqualTypeOf<
      [body: unknown, options?: RequestOptions]
    >();
    expectTypeOf(client.postCarStateMulti).parameters.toEqualTypeOf<
      [body: unknown, options?: RequestOptions]
    >();
  });

  it("takes (id, options?) for a path with {id}", () => {
    expectTypeOf(client.deleteIssue).parameters.toEqualTypeOf<
      [id: string | number | bigint, options?: RequestOptions]
    >();
    expectTypeOf<PathId>().toEqualTypeOf<string | number | bigint>();
  });

  it("derives the parameters of an operation that is not in the table yet", () => {
    type PutNote = { readonly method: "POST"; readonly path: "/notes/{id}" };
    expectTypeOf<ClientMethodArgs<PutNote>>().toEqualTypeOf<
      [id: PathId, body: unknown, options?: RequestOptions]
    >();
  });

  it("resolves each method to the ClientResult of its operation", () => {
    expectTypeOf(client.listVehicles).returns.toEqualTypeOf<
      Promise<ClientResult<"listVehicles">>
    >();
    expectTypeOf(client.sendSms).returns.resolves.toEqualTypeOf<ClientResult<"sendSms">>();
  });

  it("narrows data and statuses by kind", async () => {
    const result = await client.listVehicles();
    if (result.kind === "ok") {
      expectTypeOf(result.operation).toEqualTypeOf<"listVehicles">();
      expectTypeOf(result.data.data).toEqualTypeOf<
        Array<Record<string, unknown> | null> | undefined
      >();
    }
    if (result.kind === "api_error") expectTypeOf(result.status).toEqualTypeOf<400 | 401 | 503>();
    if (result.kind === "redirect") {
      expectTypeOf(result.status).toEqualTypeOf<number>();
      expectTypeOf(result.location).toEqualTypeOf<string | undefined>();
    }
    if (result.kind === "too_large") expectTypeOf(result.maxBodyBytes).toEqualTypeOf<number>();
    if (result.kind === "timeout") expectTypeOf(result.cause).toEqualTypeOf<unknown>();
    const sms = await client.sendSms({});
    if (sms.kind === "api_error") expectTypeOf(sms.status).toEqualTypeOf<400 | 401 | 408 | 503>();
  });

  it("types car.vin by the records given, unknown without", async () => {
    const records = {
      CommonCar: CommonCar.extend({ vin: z.string() }),
      CommonJSONError: CommonJSONError.extend({ code: z.number() }),
    };
    const typed = createClient({ baseUrl: "https://ota.example.com", records });
    expectTypeOf(typed).toEqualTypeOf<Client<typeof records>>();
    const result = await typed.listVehicles();
    if (result.kind === "ok") {
      const car = result.data.data?.[0];
      if (car) expectTypeOf(car.vin).toEqualTypeOf<string>();
    }
    if (result.kind === "api_error") expectTypeOf(result.error.code).toEqualTypeOf<number>();
    const open = await client.listVehicles();
    if (open.kind === "ok") {
      const car = open.data.data?.[0];
      if (car) expectTypeOf(car.vin).toEqualTypeOf<unknown>();
    }
    // @ts-expect-error: the spec names no record Car
    createClient({ baseUrl: "https://ota.example.com", records: { Car: CommonCar } });
  });

  it("lists the eleven kinds", () => {
    expectTypeOf<ClientResultKind>().toEqualTypeOf<
      | "ok"
      | "invalid_body"
      | "api_error"
      | "unreadable_error"
      | "unexpected_status"
      | "request_error"
      | "network_error"
      | "timeout"
      | "aborted"
      | "redirect"
      | "too_large"
    >();
  });

  it("rejects an unknown method and wrong arguments", () => {
    // @ts-expect-error: listCars is not an operation
    void client.listCars;
    // @ts-expect-error: sendSms needs a body
    void client.sendSms();
    // @ts-expect-error: deleteIssue needs an id
    void client.deleteIssue({ query: {} });
    // @ts-expect-error: an id is a string, a number or a bigint
    void client.deleteIssue(true);
    // @ts-expect-error: listVehicles takes no body
    void client.listVehicles({}, {});
    // @ts-expect-error: the methods are read-only
    client.listVehicles = client.listIssues;
  });
});
