// The voice WebSocket at /api/ai/ws. server.ts hands upgrades for that path to this server.
import type { IncomingMessage } from "node:http";
import { WebSocketServer, type WebSocket } from "ws";

/** Frames over 64 KiB close the socket with 1009 (ws would otherwise accept 100 MiB). */
export const MAX_FRAME_BYTES = 64 * 1024;

export function createVoiceServer(): WebSocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  wss.on("connection", (socket: WebSocket, _request: IncomingMessage) => {
    socket.send(JSON.stringify({ type: "state_change", from: "IDLE", to: "GREETING" }));
  });
  return wss;
}
