import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createClient, MAX_REDIRECTS, type RedirectMode } from "../../src/client/index.js";
import { json, startTestServer, type TestServer } from "./test-server.js";

// Two servers on 127.0.0.1 with different ports: two origins. `home` is the client's baseUrl;
// `other` stands for a host the service (or whoever controls its responses) redirects to.
let home: TestServer;
let other: TestServer;

beforeAll(async () => {
  [home, other] = await Promise.all([startTestServer(), startTestServer()]);
});

afterAll(async () => {
  await Promise.all([home.close(), other.close()]);
});

beforeEach(() => {
  home.requests.length = 0;
  other.requests.length = 0;
  other.reply(() => json(200, { from: "other" }));
});

const secret = { authorization: "Bearer secret", "x-api-key": "k1" };

function clientFor(redirect?: RedirectMode) {
  return createClient({
    baseUrl: `${home.url}/api/`,
    headers: () => ({ authorization: secret.authorization }),
    ...(redirect === undefined ? {} : { redirect }),
  });
}

/** The home server redirects /api/<anything> with `status` to `location`, and answers /final. */
function redirectOnce(status: number, location: string) {
  home.reply((request) =>
    request.path === "/final" ? json(200, { from: "home" }) : { status, headers: { location } },
  );
}

describe("redirects", () => {
  describe('redirect: "same-origin" (the default)', () => {
    it.each([301, 302, 303, 307, 308])(
      "follows a %d to the same origin for a GET",
      async (status) => {
        redirectOnce(status, "/final");
        expect(await clientFor().listVehicles({ headers: { "x-api-key": "k1" } })).toMatchObject({
          kind: "ok",
          data: { from: "home" },
        });
        expect(home.requests.map((r) => [r.method, r.path])).toEqual([
          ["GET", "/api/vehicles"],
          ["GET", "/final"],
        ]);
        expect(home.requests[1]?.headers).toMatchObject({ ...secret, accept: "application/json" });
      },
    );

    it.each<[number, string, string]>([
      [301, "GET", ""],
      [302, "GET", ""],
      [303, "GET", ""],
      [307, "POST", '{"text":"hi"}'],
      [308, "POST", '{"text":"hi"}'],
    ])("follows a %d to a POST with %s and body %j", async (status, method, body) => {
      redirectOnce(status, `${home.url}/final`);
      expect(await clientFor().sendSms({ text: "hi" })).toMatchObject({ kind: "ok" });
      const [, second] = home.requests;
      expect(second).toMatchObject({ method, path: "/final", body });
      expect(second?.headers["content-type"]).toBe(body === "" ? undefined : "application/json");
      expect(second?.headers.authorization).toBe(secret.authorization);
    });

    it("keeps DELETE on a 302 (the Fetch standard's rule) and turns it into a GET on a 303", async () => {
      redirectOnce(302, "/final");
      await clientFor().deleteApiToken();
      redirectOnce(303, "/final");
      await clientFor().deleteApiToken();
      expect(home.requests.map((r) => r.method)).toEqual(["DELETE", "DELETE", "DELETE", "GET"]);
    });

    it.each([301, 302, 303, 307, 308])(
      "does not follow a %d to another origin, and says where it pointed",
      async (status) => {
        redirectOnce(status, `${other.url}/steal?x=1`);
        const result = await clientFor().sendSms({ text: "hi" }, { headers: secret });
        expect(result).toEqual({
          kind: "redirect",
          operation: "sendSms",
          status,
          location: `${other.url}/steal?x=1`,
          message: `POST ${home.url}/api/sms was redirected (${status}) to "${other.url}/steal?x=1"; not followed: another origin, and redirect is "same-origin"`,
        });
        expect(other.requests).toHaveLength(0);
      },
    );

    it("treats another port, scheme or host as another origin", async () => {
      for (const location of [
        other.url,
        home.url.replace("http:", "https:"),
        home.url.replace("127.0.0.1", "localhost"),
      ]) {
        redirectOnce(302, location);
        expect(await clientFor().listVehicles()).toMatchObject({
          kind: "redirect",
          location: `${location}/`,
        });
      }
      expect(other.requests).toHaveLength(0);
    });

    it("stops after MAX_REDIRECTS (20) redirects", async () => {
      home.reply((request) => ({ status: 302, headers: { location: `${request.path}x` } }));
      const result = await clientFor().listVehicles();
      expect(result).toMatchObject({
        kind: "redirect",
        status: 302,
        message: expect.stringMatching(/; not followed: more than 20 redirects$/),
      });
      expect(home.requests).toHaveLength(MAX_REDIRECTS + 1);
    });

    it("does not follow a location that is not an http(s) URL", async () => {
      redirectOnce(302, "file:///etc/passwd");
      expect(await clientFor().listVehicles()).toMatchObject({
        kind: "redirect",
        location: "file:///etc/passwd",
        message: expect.stringMatching(/not followed: the location is not an http\(s\) URL$/),
      });
      redirectOnce(302, "http://[::1");
      expect(await clientFor().listVehicles()).toMatchObject({
        kind: "redirect",
        location: "http://[::1",
        message: expect.stringMatching(/not followed: the location is not a URL$/),
      });
    });

    it("reads a 3xx without a Location as an ordinary response", async () => {
      home.reply(() => json(302, { note: "no location" }));
      expect(await clientFor().listVehicles()).toMatchObject({
        kind: "unexpected_status",
        status: 302,
        body: { note: "no location" },
      });
    });

    it("quotes a hostile Location escaped and cut in the message", async () => {
      // Node's HTTP parser refuses control characters in a header; a custom fetch does not.
      const location = `http://[${"\u001b[31m\u009b".repeat(500)}`;
      const client = createClient({
        baseUrl: "https://ota.example.com",
        fetch: async () => new Response(null, { status: 302, headers: { location } }),
      });
      const result = await client.listVehicles();
      if (result.kind !== "redirect") throw new Error(result.kind);
      expect(result.location).toBe(location);
      expect(result.message).toMatch(
        /^GET https:\/\/ota\.example\.com\/vehicles was redirected \(302\) to "http:\/\/\[(\\u001b\[31m\\u009b)+[^"]*…"; not followed: the location is not a URL$/,
      );
      expect(result.message.length).toBeLessThan(400);
    });
  });

  describe('redirect: "follow"', () => {
    it("follows a GET to another origin with no header but accept", async () => {
      redirectOnce(302, `${other.url}/x`);
      expect(await clientFor("follow").listVehicles({ headers: secret })).toMatchObject({
        kind: "ok",
        data: { from: "other" },
      });
      expect(other.requests[0]?.headers.authorization).toBeUndefined();
      expect(other.requests[0]?.headers["x-api-key"]).toBeUndefined();
      expect(other.requests[0]?.headers.accept).toBe("application/json");
    });

    it("keeps the headers off when the chain comes back to the home origin", async () => {
      home.reply((request) =>
        request.path === "/final"
          ? json(200, {})
          : { status: 302, headers: { location: `${other.url}/hop` } },
      );
      other.reply(() => ({ status: 302, headers: { location: `${home.url}/final` } }));
      expect(await clientFor("follow").listVehicles()).toMatchObject({ kind: "ok" });
      expect(home.requests[1]?.headers.authorization).toBeUndefined();
    });

    it("follows a 303 after a POST to another origin as a GET without body", async () => {
      redirectOnce(303, `${other.url}/x`);
      expect(await clientFor("follow").sendSms({ text: "hi" })).toMatchObject({ kind: "ok" });
      expect(other.requests[0]).toMatchObject({ method: "GET", body: "" });
    });

    it("stops rather than send a body to another origin on a 307", async () => {
      redirectOnce(307, `${other.url}/x`);
      expect(await clientFor("follow").sendSms({ text: "hi" })).toMatchObject({
        kind: "redirect",
        status: 307,
        message: expect.stringMatching(
          /not followed: it would send the request body to another origin$/,
        ),
      });
      expect(other.requests).toHaveLength(0);
    });
  });

  describe('redirect: "manual"', () => {
    it("follows nothing, not even the same origin", async () => {
      redirectOnce(301, "/final");
      expect(await clientFor("manual").listVehicles()).toEqual({
        kind: "redirect",
        operation: "listVehicles",
        status: 301,
        location: `${home.url}/final`,
        message: `GET ${home.url}/api/vehicles was redirected (301) to "${home.url}/final"; not followed: redirect is "manual"`,
      });
      expect(home.requests).toHaveLength(1);
    });
  });

  it("reads a browser's opaque redirect as redirect with status 0 and no location", async () => {
    const opaque = Object.defineProperty(new Response(null, { status: 200 }), "type", {
      value: "opaqueredirect",
    });
    const client = createClient({ baseUrl: "https://ota.example.com", fetch: async () => opaque });
    expect(await client.listVehicles()).toMatchObject({
      kind: "redirect",
      status: 0,
      location: undefined,
    });
  });

  it('asks fetch for redirect: "manual", whatever the mode', async () => {
    const seen: RequestInit[] = [];
    for (const redirect of ["same-origin", "follow", "manual"] as const) {
      await createClient({
        baseUrl: "https://ota.example.com",
        redirect,
        fetch: async (_, init) => {
          seen.push(init);
          return new Response("{}");
        },
      }).listVehicles();
    }
    expect(seen.map((init) => init.redirect)).toEqual(["manual", "manual", "manual"]);
  });
});
