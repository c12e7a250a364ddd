// Loopback proxies for the scale-out and fault tests.
// - startBalancer: an HTTP load balancer, round-robin per request over several servers (a TCP
//   proxy would pin a keep-alive connection, and so all its requests, to one server). Headers
//   pass unchanged, X-Forwarded-For included, as from a balancer the servers trust.
// - startTcpProxy: round-robin per connection; in front of PostgreSQL it is the cable the fault
//   tests cut (`cut()` resets every connection and each new one, `blackhole()` accepts new
//   connections and never answers, `restore()` forwards again).
import { createServer as createHttpServer, request as httpRequest } from "node:http";
import { createServer, connect, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

export interface Target {
  host: string;
  port: number;
}

export interface TcpProxy {
  host: string;
  port: number;
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** Connections accepted so far, per target index. */
  connections: number[];
  cut(): void;
  blackhole(): void;
  restore(): void;
  close(): Promise<void>;
}

export function targetOf(urlOrOrigin: string): Target {
  const url = new URL(urlOrOrigin);
  return {
    host: url.hostname,
    port: Number(url.port || (url.protocol === "https:" ? 443 : url.protocol.startsWith("postgres") ? 5432 : 80)),
  };
}

export async function startTcpProxy(targets: Target[]): Promise<TcpProxy> {
  if (targets.length === 0) throw new Error("a proxy needs at least one target");
  let mode: "forward" | "cut" | "blackhole" = "forward";
  let next = 0;
  const open = new Set<Socket>();
  const connections = targets.map(() => 0);

  const server = createServer((client) => {
    open.add(client);
    client.on("close", () => open.delete(client));
    client.on("error", () => {});
    if (mode === "cut") return client.resetAndDestroy();
    if (mode === "blackhole") return; // accepted, never answered
    const index = next++ % targets.length;
    connections[index]!++;
    const upstream = connect(targets[index]!);
    open.add(upstream);
    upstream.on("close", () => {
      open.delete(upstream);
      client.destroy();
    });
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const dropAll = () => {
    for (const socket of open) socket.resetAndDestroy();
    open.clear();
  };
  return {
    host: "127.0.0.1",
    port,
    origin: `http://127.0.0.1:${port}`,
    connections,
    cut() {
      mode = "cut";
      dropAll();
    },
    blackhole() {
      mode = "blackhole";
      dropAll();
    },
    restore() {
      mode = "forward";
      // Connections accepted while black-holed never reached a target: drop them so their owners retry.
      dropAll();
    },
    async close() {
      dropAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface Balancer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** Requests forwarded so far, per target index. */
  requests: number[];
  close(): Promise<void>;
}

export async function startBalancer(origins: string[]): Promise<Balancer> {
  if (origins.length === 0) throw new Error("a balancer needs at least one server");
  const targets = origins.map(targetOf);
  const requests = targets.map(() => 0);
  let next = 0;
  const server = createHttpServer((req, res) => {
    const index = next++ % targets.length;
    requests[index]!++;
    // A fresh connection per request: a reused keep-alive socket can be closed by the server
    // just as a request is written, which a real balancer retries and this one would not.
    const upstream = httpRequest(
      { ...targets[index]!, agent: false, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        // Hop-by-hop headers describe the upstream connection, not the client's (RFC 9110 7.6.1):
        // copied, they told the client its keep-alive socket would close when it would not.
        const { connection: _connection, "keep-alive": _keepAlive, ...headers } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "Bad gateway" }));
    });
    req.pipe(upstream);
  });
  // Idle client sockets stay open longer than a test's pause, so a reused one is never closed
  // under a request being written (fetch would fail rather than retry).
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
