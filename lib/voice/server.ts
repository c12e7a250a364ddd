// The voice WebSocket at /api/ai/ws. server.ts hands upgrades for that path to this server.
// The handshake checks the Origin (CORS allow-list; native clients send none), the number of
// sockets per client (the client key of the trusted address server.ts stamped, as every limit uses:
// an IPv4 address or an IPv6 /64) and in all (the last VOICE_SIGNED_IN_RESERVED slots kept for
// signed-in callers), and the caller's ticket or token; then each socket gets a VoiceSession. A
// socket ends when its client has sent nothing for VOICE_IDLE_SECONDS (close code 4001) and when
// its session reaches VOICE_MAX_SESSION_SECONDS (4002), so that no socket holds a slot for ever.
import { randomUUID } from "node:crypto";
import { STATUS_CODES, type IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer, type RawData } from "ws";
import { ApiError, errorReply, isDatabaseUnavailable } from "@/lib/api/errors";
import type { AuthUser } from "@/lib/auth/guard";
import { env, type Env } from "@/lib/env";
import { CLIENT_ADDRESS_HEADER, limitSubjectOf } from "@/lib/http/client-address";
import { allowedOrigins } from "@/lib/http/cors";
import { clientKeyOf } from "@/lib/http/trust";
import { logger } from "@/lib/log";
import { authenticateUpgrade, type UpgradeCaller } from "@/lib/voice/auth";
import { VoiceSession } from "@/lib/voice/session";

/** Frames over 64 KiB close the socket with 1009 (ws would otherwise accept 100 MiB). */
export const MAX_FRAME_BYTES = 64 * 1024;
/** On shutdown: how long sessions may finish the message in hand and close politely. */
const SHUTDOWN_GRACE_MS = 5_000;
/** Close codes of the sockets the server ends (docs/voice-protocol.md). */
export const CLOSE_IDLE = 4001;
export const CLOSE_SESSION_TIME_LIMIT = 4002;

export interface VoiceServer {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Refuses new sockets, closes open ones with 1001, and resolves once they are gone. */
  shutdown(): Promise<void>;
}

interface Peer {
  session: VoiceSession;
  alive: boolean;
  closed: Promise<void>;
}

/** Answers a refused handshake on the raw socket, as errorReply() shapes every /api error. */
function refuse(socket: Duplex, status: number, message: string, headers: Record<string, string> = {}): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const reply = errorReply(new ApiError(status, message, { headers }));
  void reply.text().then((body) => {
    const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, "Connection: close", `Content-Length: ${Buffer.byteLength(body)}`];
    for (const [name, value] of reply.headers) lines.push(`${name}: ${value}`);
    socket.once("finish", () => socket.destroy());
    socket.end(`${lines.join("\r\n")}\r\n\r\n${body}`);
  });
}

function text(data: RawData): string {
  return Array.isArray(data) ? Buffer.concat(data).toString("utf8") : Buffer.from(data as Buffer).toString("utf8");
}

type VoiceLimits = Pick<
  Env,
  | "VOICE_MAX_CONNECTIONS_PER_CLIENT"
  | "VOICE_MAX_CONNECTIONS"
  | "VOICE_SIGNED_IN_RESERVED"
  | "VOICE_HEARTBEAT_MS"
  | "VOICE_IDLE_SECONDS"
  | "VOICE_MAX_SESSION_SECONDS"
>;

/** Open connections per client key and in all. */
interface Slots {
  perClient: Map<string, number>;
  inAll: number;
}

/**
 * Takes a slot for the connection, held from now until the underlying connection closes, whatever
 * happens in between; refuses it instead (and answers false) when its client or the server is full.
 */
function admit(slots: Slots, client: string, socket: Duplex, limits: VoiceLimits): boolean {
  const open = slots.perClient.get(client) ?? 0;
  if (open >= limits.VOICE_MAX_CONNECTIONS_PER_CLIENT) {
    refuse(socket, 429, `At most ${limits.VOICE_MAX_CONNECTIONS_PER_CLIENT} voice connections per client`, { "retry-after": "5" });
    return false;
  }
  if (slots.inAll >= limits.VOICE_MAX_CONNECTIONS) {
    refuse(socket, 503, "The voice service is at capacity; try again shortly", { "retry-after": "5" });
    return false;
  }
  slots.perClient.set(client, open + 1);
  slots.inAll++;
  socket.once("close", () => {
    slots.inAll--;
    const left = (slots.perClient.get(client) ?? 1) - 1;
    if (left > 0) slots.perClient.set(client, left);
    else slots.perClient.delete(client);
  });
  return true;
}

/** The handshake's caller, or null once the handshake has been refused (bad ticket, no database ...). */
async function callerOrRefuse(req: IncomingMessage, socket: Duplex): Promise<UpgradeCaller | null> {
  try {
    return await authenticateUpgrade(req);
  } catch (error) {
    if (error instanceof ApiError) refuse(socket, error.status, error.message);
    else if (isDatabaseUnavailable(error)) refuse(socket, 503, "Service temporarily unavailable: the database cannot be reached");
    else {
      logger.error({ err: (error as Error).name }, "voice handshake failed");
      refuse(socket, 500, "Internal error");
    }
    return null;
  }
}

/** A peer that has not answered the previous ping by the next one is gone: dropped within two intervals. */
function startHeartbeat(peers: Map<WebSocket, Peer>, intervalMs: number): NodeJS.Timeout {
  const heartbeat = setInterval(() => {
    for (const [socket, peer] of peers) {
      if (!peer.alive) {
        logger.info("voice socket dropped: no heartbeat");
        socket.terminate();
        continue;
      }
      peer.alive = false;
      socket.ping();
    }
  }, intervalMs);
  heartbeat.unref();
  return heartbeat;
}

/** Gives an accepted socket its VoiceSession, its idle and lifetime limits, and a place among the peers. */
function connect(
  socket: WebSocket,
  req: IncomingMessage,
  user: AuthUser | null,
  address: string,
  peers: Map<WebSocket, Peer>,
  limits: VoiceLimits,
): void {
  const sessionId = randomUUID();
  const session = new VoiceSession({
    sessionId,
    user,
    limitKey: limitSubjectOf(address, user).key,
    audio: new URL(req.url ?? "/", "http://voice.invalid").searchParams.get("audio") !== "off",
    send: (message) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    },
  });
  const peer: Peer = { session, alive: true, closed: new Promise((resolve) => socket.once("close", () => resolve())) };
  peers.set(socket, peer);
  const idle = setTimeout(() => socket.close(CLOSE_IDLE, "idle: no message for too long"), limits.VOICE_IDLE_SECONDS * 1000);
  const lifetime = setTimeout(
    () => socket.close(CLOSE_SESSION_TIME_LIMIT, "session time limit reached"),
    limits.VOICE_MAX_SESSION_SECONDS * 1000,
  );
  socket.on("pong", () => (peer.alive = true));
  socket.on("message", (data, isBinary) => {
    idle.refresh();
    session.receive(isBinary ? null : text(data));
  });
  // Oversized frames and protocol errors: ws closes the socket itself (1009, 1002 ...).
  socket.on("error", (error) => logger.info({ code: (error as { code?: string }).code }, "voice socket error"));
  socket.on("close", (code) => {
    clearTimeout(idle);
    clearTimeout(lifetime);
    peers.delete(socket);
    void session.end();
    logger.info({ sessionId, code, state: session.state }, "voice session closed");
  });
  logger.info({ sessionId, authenticated: Boolean(user) }, "voice session opened");
  session.start();
}

/** Closes every open socket with 1001; those not gone after the grace period are terminated. */
async function closePeers(peers: Map<WebSocket, Peer>): Promise<void> {
  const open = [...peers.entries()];
  // Sessions send nothing more; a journal entry being written still finishes (before the database closes).
  const finished = Promise.all(
    open.map(([socket, peer]) => {
      const drained = peer.session.end();
      socket.close(1001, "server shutting down");
      return Promise.all([drained, peer.closed]);
    }),
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([finished, new Promise((resolve) => (timer = setTimeout(resolve, SHUTDOWN_GRACE_MS)))]);
  clearTimeout(timer);
  for (const [socket] of open) if (socket.readyState !== WebSocket.CLOSED) socket.terminate();
}

export function createVoiceServer(): VoiceServer {
  const limits = env();
  const reserved = limits.VOICE_SIGNED_IN_RESERVED ?? Math.floor(limits.VOICE_MAX_CONNECTIONS / 10);
  const origins = allowedOrigins();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, clientTracking: false });
  const slots: Slots = { perClient: new Map(), inAll: 0 };
  const peers = new Map<WebSocket, Peer>();
  let closing = false;
  /** Handshakes whose token came in the deprecated query parameter: their 101 says so. */
  const deprecated = new WeakSet<IncomingMessage>();
  wss.on("headers", (headers, req) => {
    if (deprecated.has(req)) headers.push("Deprecation: true", 'Link: </api/ai/ws-ticket>; rel="alternate"');
  });
  const heartbeat = startHeartbeat(peers, limits.VOICE_HEARTBEAT_MS);

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const origin = req.headers.origin;
    if (origin !== undefined && !origins.has(origin)) return refuse(socket, 403, "Origin not allowed");

    const stamped = req.headers[CLIENT_ADDRESS_HEADER];
    const address = typeof stamped === "string" ? stamped : "unknown";
    if (!admit(slots, clientKeyOf(address), socket, limits)) return;

    const caller = await callerOrRefuse(req, socket);
    if (!caller) return;
    if (closing) return refuse(socket, 503, "Server is shutting down");
    // Anonymous callers share the slots below the reserve (this socket's slot is already counted).
    if (!caller.user && slots.inAll > limits.VOICE_MAX_CONNECTIONS - reserved)
      return refuse(socket, 503, "The voice service is at capacity for anonymous sessions; sign in or try again shortly", {
        "retry-after": "5",
      });
    if (socket.destroyed) return;
    if (caller.deprecatedQueryToken) deprecated.add(req);
    wss.handleUpgrade(req, socket, head, (ws) => connect(ws, req, caller.user, address, peers, limits));
  }

  return {
    handleUpgrade(req, socket, head) {
      socket.on("error", () => socket.destroy());
      if (closing) return refuse(socket, 503, "Server is shutting down");
      void upgrade(req, socket, head);
    },
    async shutdown() {
      closing = true;
      clearInterval(heartbeat);
      await closePeers(peers);
      wss.close();
    },
  };
}
