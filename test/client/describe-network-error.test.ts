import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createClient } from "../../src/client/index.js";
import { closedPort } from "./test-server.js";

// A self-signed certificate for "localhost", valid until 2126, made with
// `openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 36500
//  -subj /CN=localhost -addext subjectAltName=DNS:localhost`. Test data, not a secret.
const key = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgfOM3NfYsBRTvzPyV
sKuozrAI5DH2j/h95QGZom9+ChGhRANCAARwTDUDbsVTJ/c+snrMiI6zvUvzBwOB
GvFvckDwD37nxLkZv9bvQFKem8/9f6CuEdvs/huh+EhGW6Pa2XQ/BGcd
-----END PRIVATE KEY-----
`;
const cert = `-----BEGIN CERTIFICATE-----
MIIBljCCATugAwIBAgIURNLO8EG5YrYJ0vviT2xJuOP1SKMwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyMzEzNTIwNFoYDzIxMjYxMDMw
MTM1MjA0WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAARwTDUDbsVTJ/c+snrMiI6zvUvzBwOBGvFvckDwD37nxLkZv9bvQFKe
m8/9f6CuEdvs/huh+EhGW6Pa2XQ/BGcdo2kwZzAdBgNVHQ4EFgQUuUz8Pem7f7Ef
+FoUWuinTuYicTQwHwYDVR0jBBgwFoAUuUz8Pem7f7Ef+FoUWuinTuYicTQwDwYD
VR0TAQH/BAUwAwEB/zAUBgNVHREEDTALgglsb2NhbGhvc3QwCgYIKoZIzj0EAwID
SQAwRgIhAOrlrUnZ/ACTxJWJEN99zliKRtOq9jCbUYrfr04TpQrhAiEA2zsidmDg
mXX7KM3lBIQEph6n6/JXSAyNaYeDp+t2Ix8=
-----END CERTIFICATE-----
`;

/** A client whose fetch throws `error`, as Node's fetch does. */
function failingWith(error: unknown) {
  return createClient({
    baseUrl: "https://ota.example.com",
    fetch: () => Promise.reject(error),
  });
}

function fetchFailed(cause: unknown): TypeError {
  return Object.assign(new TypeError("fetch failed"), { cause });
}

describe("network_error names the cause", () => {
  it("says ECONNREFUSED and the address for a closed local port", async () => {
    const port = await closedPort();
    const result = await createClient({ baseUrl: `http://127.0.0.1:${port}` }).listVehicles();
    // Our words and the code with its address; what fetch itself says ("fetch failed" in
    // undici) is fetch's own and not asserted.
    expect(result.kind).toBe("network_error");
    expect((result as { message: string }).message).toMatch(
      new RegExp(
        `^GET http://127\\.0\\.0\\.1:${port}/vehicles failed: .+ \\(ECONNREFUSED 127\\.0\\.0\\.1:${port}\\)$`,
      ),
    );
    expect(result.kind === "network_error" && result.cause).toBeInstanceOf(TypeError);
  });

  it("says DEPTH_ZERO_SELF_SIGNED_CERT for a server with a self-signed certificate", async () => {
    const server = createServer({ key, cert }, (_, res) => res.end("{}"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const result = await createClient({ baseUrl: `https://127.0.0.1:${port}` }).listIssues();
      // The code and our prefix; fetch's text before it, and OpenSSL's after it, are theirs.
      expect(result.kind).toBe("network_error");
      expect((result as { message: string }).message).toMatch(
        new RegExp(
          `^GET https://127\\.0\\.0\\.1:${port}/issues failed: .+ \\(DEPTH_ZERO_SELF_SIGNED_CERT[:)]`,
        ),
      );
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it.each<[string, unknown, string]>([
    [
      "ENOTFOUND with the host name",
      fetchFailed(
        Object.assign(new Error("getaddrinfo ENOTFOUND ota.example.invalid"), {
          code: "ENOTFOUND",
          hostname: "ota.example.invalid",
        }),
      ),
      "fetch failed (ENOTFOUND ota.example.invalid)",
    ],
    [
      "the first error of an AggregateError (several addresses tried)",
      fetchFailed(
        Object.assign(
          new AggregateError([
            Object.assign(new Error("connect ECONNREFUSED ::1:443"), {
              code: "ECONNREFUSED",
              address: "::1",
              port: 443,
            }),
          ]),
          { code: "ECONNREFUSED" },
        ),
      ),
      "fetch failed (ECONNREFUSED ::1:443)",
    ],
    [
      "ECONNRESET",
      fetchFailed(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" })),
      "fetch failed (ECONNRESET: read ECONNRESET)",
    ],
    [
      "a TLS code",
      fetchFailed(
        Object.assign(new Error("Hostname/IP does not match certificate's altnames"), {
          code: "ERR_TLS_CERT_ALTNAME_INVALID",
        }),
      ),
      "fetch failed (ERR_TLS_CERT_ALTNAME_INVALID: Hostname/IP does not match certificate's altnames)",
    ],
    [
      "the innermost message when there is no code",
      fetchFailed(new Error("bad port")),
      "fetch failed (Error: bad port)",
    ],
    ["an error without a cause", new TypeError("Failed to fetch"), "Failed to fetch"],
    ["a thrown string", "offline", "offline"],
    [
      "control characters, escaped",
      fetchFailed(Object.assign(new Error("x"), { code: "E\u001b[2J" })),
      "fetch failed (E\\u001b[2J: x)",
    ],
  ])("names %s", async (_, error, detail) => {
    expect(await failingWith(error).listVehicles()).toMatchObject({
      kind: "network_error",
      message: `GET https://ota.example.com/vehicles failed: ${detail}`,
      cause: error,
    });
  });
});
