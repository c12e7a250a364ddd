// Local speech with the espeak-ng program (Debian package espeak-ng): WAV on stdout.
import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { env } from "@/lib/env";

/** Synthesis is CPU-bound: at most this many espeak-ng processes run at once, others wait (at most SPEECH_QUEUE_MAX of them). */
const MAX_PARALLEL = 2;
const TIMEOUT_MS = 20_000;

/** Every local synthesis slot is taken and SPEECH_QUEUE_MAX requests already wait. */
export class SpeechBusyError extends Error {
  constructor() {
    super("Local speech synthesis is busy; try again shortly");
    this.name = "SpeechBusyError";
  }
}

let running = 0;
const waiting: (() => void)[] = [];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The program ESPEAK_PATH names (a path, or a name looked up on PATH), or null when absent. */
export function espeakProgram(): string | null {
  const configured = env().ESPEAK_PATH;
  if (configured.includes("/")) return isExecutable(configured) ? configured : null;
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (dir && isExecutable(join(dir, configured))) return join(dir, configured);
  }
  return null;
}

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) {
    if (waiting.length >= env().SPEECH_QUEUE_MAX) throw new SpeechBusyError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** WAV bytes of the text spoken by espeak-ng; throws when the program fails. */
export function espeak(program: string, text: string): Promise<Buffer> {
  return slot(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        // The text goes in on stdin, so text starting with "-" is never read as an option.
        const child = spawn(program, ["--stdout"], { stdio: ["pipe", "pipe", "ignore"], timeout: TIMEOUT_MS });
        const chunks: Buffer[] = [];
        child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
        child.on("error", reject);
        child.on("close", (code, signal) => {
          if (code === 0) resolve(Buffer.concat(chunks));
          else reject(new Error(`espeak-ng ended with ${signal ?? `exit code ${code}`}`));
        });
        child.stdin.on("error", () => {});
        child.stdin.end(text);
      }),
  );
}
