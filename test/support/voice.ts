// A test client of the voice WebSocket: collects frames, waits for the ones a step causes,
// and reports the handshake's HTTP status when the socket is refused.
import WebSocket from "ws";

/** A safety net so a missing frame fails the test instead of hanging it. */
const WAIT_MS = 30_000;

export type Frame = Record<string, any>;

export class VoiceClient {
  readonly frames: Frame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private cursor = 0;
  private wake: (() => void) | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      this.frames.push(JSON.parse(String(data)));
      this.wake?.();
    });
    this.closed = new Promise((resolve) => socket.on("close", (code, reason) => resolve({ code, reason: String(reason) })));
  }

  static open(url: string, options: WebSocket.ClientOptions = {}): Promise<VoiceClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, options);
      const client = new VoiceClient(socket);
      socket.once("open", () => resolve(client));
      socket.once("unexpected-response", (_req, res) => reject(new Error(`handshake answered ${res.statusCode}`)));
      socket.once("error", reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === "string" || Buffer.isBuffer(message) ? message : JSON.stringify(message));
  }

  /** The frames from the last one taken up to and including the first that matches. */
  async until(match: (frame: Frame) => boolean): Promise<Frame[]> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const index = this.frames.findIndex((frame, i) => i >= this.cursor && match(frame));
      if (index >= 0) {
        const taken = this.frames.slice(this.cursor, index + 1);
        this.cursor = index + 1;
        return taken;
      }
      if (Date.now() > deadline) throw new Error(`no matching frame; received: ${JSON.stringify(this.frames.slice(this.cursor))}`);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 250);
      });
    }
  }

  /** Sends a message and takes the frames it causes, up to its ai_response (or another last frame). */
  async step(message: unknown, last: (frame: Frame) => boolean = (f) => f.type === "ai_response"): Promise<Frame[]> {
    this.send(message);
    return this.until(last);
  }

  close(): Promise<{ code: number; reason: string }> {
    this.socket.close(1000);
    return this.closed;
  }
}

/** The HTTP status the handshake gets (101 when the socket opened). */
export function handshakeStatus(url: string, options: WebSocket.ClientOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, options);
    socket.once("open", () => {
      socket.close();
      resolve(101);
    });
    socket.once("unexpected-response", (_req, res) => {
      res.resume();
      resolve(res.statusCode!);
      socket.terminate();
    });
    socket.once("error", reject);
  });
}
