import type { AddressInfo } from "node:net";
import { createServer, type Socket } from "node:net";

/** A TCP server on 127.0.0.1 that answers with whatever bytes a test writes, or none. */
export interface RawServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** How many connections it accepted. */
  readonly connections: () => number;
  /** Destroys every socket and closes the server. */
  close(): Promise<void>;
}

/**
 * Starts a raw server: `onConnection` gets each socket once the request head has arrived (the
 * first chunk that contains a blank line), and may write anything, slowly or never. Timers it
 * starts must be cleared on the socket's "close"; `close()` destroys every socket.
 */
export async function startRawServer(onConnection: (socket: Socket) => void): Promise<RawServer> {
  const sockets = new Set<Socket>();
  let count = 0;
  const server = createServer((socket) => {
    count++;
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
    let head = "";
    const onData = (chunk: Buffer) => {
      head += chunk.toString("latin1");
      if (!head.includes("\r\n\r\n")) return;
      socket.off("data", onData);
      onConnection(socket);
    };
    socket.on("data", onData);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => count,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Writes `text` one byte every `everyMs` until it is written or the socket closes; the timer
 * stops with the socket.
 */
export function trickle(socket: Socket, text: string, everyMs: number): void {
  let index = 0;
  const timer = setInterval(() => {
    if (index >= text.length || socket.destroyed) return clearInterval(timer);
    socket.write(text[index++] ?? "");
  }, everyMs);
  socket.on("close", () => clearInterval(timer));
}
