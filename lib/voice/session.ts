// One voice conversation: the state machine of lib/voice/transitions.ts driven by the
// client's ui_event messages. Messages are handled one at a time, in order, so every frame a
// message causes is sent before the next message is looked at.
import { READ_NAMES, type ReadAssessmentType } from "@/lib/assessments/types";
import { KINDS } from "@/lib/assessments/kinds";
import type { AuthUser } from "@/lib/auth/guard";
import { complete, type ChatMessage } from "@/lib/llm";
import { logger } from "@/lib/log";
import { allowAiCall } from "@/lib/rate-limit";
import { SpeechBusyError, SpeechError, synthesize } from "@/lib/speech";
import { saveVoiceJournalEntry, type VoiceJournalEntry } from "@/lib/voice/journal";
import { CLIENT_EVENTS, clientMessage, type Action, type ClientMessage, type ServerMessage, type VoiceState } from "@/lib/voice/protocol";
import { asksForAssessment, assessmentTypeIn, coachingLine, LINES, saysReady } from "@/lib/voice/script";
import { transitionFor, triggersIn, type Transition, type Trigger } from "@/lib/voice/transitions";

/** Messages waiting behind a slow reply; more than this are refused with BUSY. */
const MAX_PENDING = 16;
/** Base64 of this many audio bytes stays under the 64 KiB a client may also cap frames at. */
const AUDIO_CHUNK_BYTES = 48 * 1024;
/** Turns of the conversation the model sees. */
const HISTORY_TURNS = 12;

const SYSTEM_PROMPT = [
  "You are the voice of a hand-health app. You guide a patient through a short check-in and hand assessments",
  "(range of motion, finger tapping, pain, arthritis, thumb movement). Your words are spoken aloud: answer in one to three",
  "short, warm sentences of plain language, with no lists, markdown or emojis. Never diagnose and never give treatment advice;",
  "suggest talking to their clinician when they worry.",
].join(" ");

interface Reply {
  /** What the script says; the model is asked to convey the same. */
  line: string;
  actions?: Action[];
  journal?: Omit<VoiceJournalEntry, "sessionId">;
}

export interface SessionOptions {
  sessionId: string;
  user: AuthUser | null;
  /** Whom the limits count (lib/http/client-address.ts): each turn spends one of its model-and-speech calls (RATE_LIMIT_AI_PER_MINUTE). */
  limitKey: string;
  /** Whether replies are followed by audio_chunk frames (the client may change it with settings). */
  audio: boolean;
  send(message: ServerMessage): void;
}

export class VoiceSession {
  state: VoiceState = "IDLE";
  private audio: boolean;
  private assessmentType: ReadAssessmentType | null = null;
  private lastResult: Extract<ClientMessage, { event: "assessment_completed" }> | null = null;
  /** Only the first answer of a reflection becomes a journal entry. */
  private reflectionAnswered = false;
  private history: ChatMessage[] = [];
  private replies = 0;
  private pending = 0;
  private queue: Promise<void> = Promise.resolve();
  private ended = false;

  constructor(private readonly options: SessionOptions) {
    this.audio = options.audio;
  }

  /** IDLE → GREETING and the greeting, at once. */
  start(): void {
    const row = transitionFor("IDLE", "session_open")!;
    this.enqueue(() => this.apply(row, null, this.replyFor(row, null)));
  }

  /** A frame from the client. */
  receive(data: string | null): void {
    if (this.pending >= MAX_PENDING) {
      this.send({ type: "error", code: "BUSY", message: "Too many messages are waiting for an answer; this one was dropped" });
      return;
    }
    this.enqueue(() => this.handle(data));
  }

  /** Stops sending; resolves when the message being handled is done. */
  end(): Promise<void> {
    this.ended = true;
    return this.queue;
  }

  private enqueue(work: () => Promise<void>): void {
    this.pending++;
    this.queue = this.queue
      .then(() => (this.ended ? undefined : work()))
      .catch((error) => {
        logger.error(
          { err: (error as Error).name, stack: (error as Error).stack?.split("\n").slice(1, 4).join("\n") },
          "voice session failed to handle a message",
        );
        this.send({ type: "error", code: "INTERNAL_ERROR", message: "The message could not be handled" });
      })
      .finally(() => this.pending--);
  }

  private send(message: ServerMessage): void {
    if (!this.ended) this.options.send(message);
  }

  private async handle(data: string | null): Promise<void> {
    const message = this.parse(data);
    if (!message) return;
    if (message.event === "settings") {
      this.audio = message.audio;
      return;
    }
    if (message.event === "transcript") {
      this.send({ type: "transcript", role: "user", text: message.text, final: message.final });
      if (!message.final) return;
    }
    const trigger = this.triggerFor(message);
    const row = transitionFor(this.state, trigger);
    if (!row) {
      this.send({
        type: "error",
        code: "NOT_ALLOWED_NOW",
        state: this.state,
        message: `${trigger} is not accepted in ${this.state}; accepted here: ${triggersIn(this.state).join(", ")}`,
      });
      return;
    }
    if (message.event === "assessment_progress") {
      this.send({
        type: "coaching",
        text: coachingLine(message.hint ?? null, message.progress ?? null),
        hint: message.hint ?? null,
        progress: message.progress ?? null,
      });
      return;
    }
    await this.apply(row, message.event === "transcript" ? message.text : null, this.replyFor(row, message));
  }

  private parse(data: string | null): ClientMessage | null {
    let json: unknown;
    try {
      if (data === null) throw new Error("binary");
      json = JSON.parse(data);
    } catch {
      this.send({ type: "error", code: "INVALID_JSON", message: "Messages must be JSON text frames" });
      return null;
    }
    const { type, event } = (json ?? {}) as { type?: unknown; event?: unknown };
    if (typeof json !== "object" || Array.isArray(json) || type !== "ui_event" || !CLIENT_EVENTS.includes(event as never)) {
      this.send({
        type: "error",
        code: "UNKNOWN_MESSAGE",
        message: `Expected { "type": "ui_event", "event": one of ${CLIENT_EVENTS.join(", ")} }`,
      });
      return null;
    }
    const result = clientMessage.safeParse(json);
    if (result.success) return result.data;
    const issue = result.error.issues[0]!;
    const field = issue.path.map(String).join(".");
    this.send({ type: "error", code: "INVALID_MESSAGE", field, message: `${field}: ${issue.message}` });
    return null;
  }

  private triggerFor(message: Exclude<ClientMessage, { event: "settings" }>): Trigger {
    switch (message.event) {
      case "transcript":
        return this.state === "NAVIGATION" && asksForAssessment(message.text) ? "start_assessment" : "utterance";
      case "button":
        return message.button;
      case "assessment_selected":
        return "start_assessment";
      default:
        return message.event;
    }
  }

  /** What the step says and does; runs only for a row of the table. */
  private replyFor(row: Transition, message: Exclude<ClientMessage, { event: "settings" }> | null): Reply {
    const spoken = message?.event === "transcript" ? message.text : null;
    switch (row.to) {
      case "NAVIGATION":
        this.assessmentType = null;
        return { line: LINES.menu, actions: [{ action: "show_menu", options: ["check_in", "start_assessment"] }] };
      case "CHECK_IN":
        return { line: LINES.checkIn };
      case "ASSESSMENT_SETUP":
        return this.setup(row, message, spoken);
      case "ASSESSMENT_ACTIVE":
        if (message?.event === "assessment_started" && message.assessmentType) this.assessmentType = message.assessmentType;
        return { line: row.from === "ASSESSMENT_ACTIVE" ? LINES.keepGoing : LINES.active };
      case "ASSESSMENT_REVIEW": {
        const result = message?.event === "assessment_completed" ? message : null;
        this.lastResult = result;
        const type = result?.assessmentType ?? this.assessmentType;
        const score = result?.overallScore ?? null;
        this.reflectionAnswered = false;
        return {
          line: LINES.review(type, score),
          actions: [{ action: "show_results", assessmentType: type, code: result?.code ?? null, overallScore: score }],
        };
      }
      case "REFLECTION":
        if (row.from !== "REFLECTION") return { line: LINES.reflect };
        if (this.reflectionAnswered || spoken === null) return { line: LINES.reflectionMore };
        this.reflectionAnswered = true;
        return {
          line: "",
          journal: {
            entryType: "POST_ASSESSMENT",
            transcript: spoken,
            affectedHand: this.lastResult?.hand,
            assessmentId: this.lastResult?.assessmentId,
          },
        };
      case "IDLE":
      case "GREETING":
        return { line: LINES.greeting };
    }
  }

  private setup(row: Transition, message: Exclude<ClientMessage, { event: "settings" }> | null, spoken: string | null): Reply {
    if (row.from === "CHECK_IN") {
      const options: Action = { action: "show_assessment_options", options: [...READ_NAMES] };
      if (spoken === null) return { line: LINES.chooseType, actions: [options] };
      return { line: "", actions: [options], journal: { entryType: "AD_HOC_CHECK_IN", transcript: spoken } };
    }
    if (row.from === "ASSESSMENT_ACTIVE") return { line: LINES.cancelled };
    const named = message?.event === "assessment_selected" ? message.assessmentType : spoken ? assessmentTypeIn(spoken) : null;
    const ready =
      (message?.event === "button" && message.button === "start_assessment" && row.from === "ASSESSMENT_SETUP") ||
      (spoken !== null && row.from === "ASSESSMENT_SETUP" && saysReady(spoken));
    if (named) this.assessmentType = named;
    const type = this.assessmentType;
    if (!type) return { line: LINES.chooseType, actions: [{ action: "show_assessment_options", options: [...READ_NAMES] }] };
    if (ready && !named) return { line: LINES.starting(type), actions: [{ action: "start_assessment", assessmentType: type }] };
    return { line: LINES.prepared(type), actions: [{ action: "prepare_assessment", assessmentType: type }] };
  }

  /** Moves (when the row moves), stores the journal entry, sends the actions and the reply. */
  private async apply(row: Transition, spoken: string | null, reply: Reply): Promise<void> {
    if (row.to !== this.state) {
      this.send({ type: "state_change", from: this.state, to: row.to, trigger: row.on });
      this.state = row.to;
    }
    let line = reply.line;
    if (reply.journal) {
      const saved = await this.saveJournal(reply.journal);
      line = reply.journal.entryType === "AD_HOC_CHECK_IN" ? LINES.checkInNoted(saved) : LINES.reflectionNoted(saved);
    }
    for (const action of reply.actions ?? []) this.send({ type: "action", ...action });
    await this.say(line, spoken, row);
  }

  private async saveJournal(entry: Omit<VoiceJournalEntry, "sessionId">): Promise<boolean> {
    const { user, sessionId } = this.options;
    if (!user) return false;
    try {
      const entryId = await saveVoiceJournalEntry(user, { ...entry, sessionId });
      this.send({ type: "action", action: "journal_saved", entryType: entry.entryType, entryId });
      return true;
    } catch (error) {
      logger.error({ err: (error as Error).name, sessionId }, "voice journal entry not saved");
      this.send({ type: "error", code: "JOURNAL_NOT_SAVED", message: "Your answer could not be saved to the journal" });
      return false;
    }
  }

  /**
   * A turn past the caller's allowance of model and speech calls is answered with the script's
   * line and no audio: the conversation goes on, the spending stops.
   */
  private async say(line: string, spoken: string | null, row: Transition): Promise<void> {
    const prompt =
      spoken ?? `[The app reports: ${row.on.replaceAll("_", " ")}${this.assessmentType ? `, ${KINDS[this.assessmentType].spoken}` : ""}]`;
    const allowed = await allowAiCall(this.options.limitKey);
    const messages: ChatMessage[] = [
      { role: "system", content: `${SYSTEM_PROMPT} Current step: ${this.state}. This reply must convey: ${line}` },
      ...this.history.slice(-2 * HISTORY_TURNS),
      { role: "user", content: prompt },
    ];
    const modelText = allowed ? await complete(messages, { purpose: "voice", maxTokens: 200, temperature: 0.5 }) : null;
    const text = modelText ?? line;
    this.history.push({ role: "user", content: prompt }, { role: "assistant", content: text });
    const id = ++this.replies;
    this.send({ type: "ai_response", id, state: this.state, text, source: modelText ? "ai" : "script" });
    if (allowed && this.audio && !this.ended) await this.speak(id, text);
  }

  private async speak(replyId: number, text: string): Promise<void> {
    let spoken;
    try {
      spoken = await synthesize(text);
    } catch (error) {
      if (!(error instanceof SpeechError || error instanceof SpeechBusyError)) throw error;
      return;
    }
    if (!spoken) return;
    const count = Math.max(1, Math.ceil(spoken.audio.length / AUDIO_CHUNK_BYTES));
    for (let index = 0; index < count; index++) {
      const audio = spoken.audio.subarray(index * AUDIO_CHUNK_BYTES, (index + 1) * AUDIO_CHUNK_BYTES).toString("base64");
      this.send({ type: "audio_chunk", replyId, index, final: index === count - 1, mimeType: spoken.mimeType, audio });
    }
  }
}
