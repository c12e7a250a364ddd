// The service's configuration: every environment variable it reads, parsed once with zod.
// Names follow ../shared/design/ARCHITECTURE.md; .env.example explains each one.
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { z } from "zod";
import { QUESTIONNAIRE_SLUGS } from "@/lib/measure/slugs";
import { compileTrust } from "@/lib/trust-proxy";

/** An unset or empty variable reads as "not configured". */
const optionalString = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());
const optionalUrl = z.preprocess((v) => (v === "" ? undefined : v), z.url().optional());
const boolFlag = z.preprocess(
  (v) => (v === "" || v === undefined ? "false" : String(v).toLowerCase()),
  z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1"),
);
const positiveInt = (fallback: number) =>
  z.preprocess((v) => (v === "" || v === undefined ? fallback : Number(v)), z.number().int().positive());

const originList = z.preprocess(
  (v) =>
    v === "" || v === undefined
      ? []
      : String(v)
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
  z.array(z.url()),
);

const envFields = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.preprocess((v) => (v === "" || v === undefined ? 3000 : Number(v)), z.number().int().min(0).max(65535)),
  /** Unset: every interface, except in development auth mode (loopback only). */
  HOSTNAME: optionalString,
  DATABASE_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  /** Migrations run as this (owner) role when set; DATABASE_URL's role then needs only table rights (docs/security.md). */
  DATABASE_MIGRATION_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  DATABASE_POOL_SIZE: positiveInt(10),
  DATA_DIR: z.preprocess((v) => (v === "" ? undefined : v), z.string().default("./.data")),
  FRONTEND_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url().default("http://localhost:3000")),
  CORS_ALLOWED_ORIGINS: originList,
  /** SMART apps' origins: they may call /api/fhir with a bearer token (never with cookies). */
  FHIR_CORS_ORIGINS: originList,
  ALLOW_DEV_AUTH: boolFlag,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  REDIS_URL: optionalString,
  RATE_LIMIT: z.preprocess((v) => (v === "" || v === undefined ? "on" : v), z.enum(["on", "off"])),
  RATE_LIMIT_PER_MINUTE: positiveInt(60),
  RATE_LIMIT_MISSES_PER_HOUR: positiveInt(30),
  RATE_LIMIT_MISSES_PER_48_PER_HOUR: positiveInt(120),
  RATE_LIMIT_GLOBAL_MISSES_PER_HOUR: positiveInt(10_000),
  RATE_LIMIT_WRITES_PER_MINUTE: positiveInt(10),
  RATE_LIMIT_MAIL_PER_HOUR: positiveInt(5),
  RATE_LIMIT_MAIL_PER_RECIPIENT_PER_DAY: positiveInt(5),
  RATE_LIMIT_MAIL_GLOBAL_PER_HOUR: positiveInt(200),
  RATE_LIMIT_AI_PER_MINUTE: positiveInt(20),
  RATE_LIMIT_COMPUTE_PER_MINUTE: positiveInt(30),
  RATE_LIMIT_PDF_PER_MINUTE: positiveInt(20),
  PATIENT_REPORTS_PER_DAY: positiveInt(100),
  AI_DAILY_BUDGET: positiveInt(2_000),
  REDIS_KEY_PREFIX: z.preprocess(
    (v) => (v === "" || v === undefined ? "hand" : v),
    z.string().regex(/^[\w:.-]{1,64}$/, "must be 1-64 letters, digits or _ : . -"),
  ),
  TRUST_PROXY: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .optional()
      .superRefine((value, ctx) => {
        if (value === undefined) return;
        try {
          compileTrust(value);
        } catch (error) {
          ctx.addIssue({
            code: "custom",
            message: `${(error as Error).message} (expected loopback, a hop count, or comma-separated addresses/CIDRs)`,
          });
        }
      }),
  ),
  /** Set: audit rows keep an HMAC of the client address instead of the address (docs/security.md). */
  AUDIT_ADDRESS_KEY: optionalString,
  /** Tests only: POST /api/admin/reminders/run may name the job's clock ("now"); refused without ALLOW_DEV_AUTH. */
  REMINDERS_TEST_CLOCK: boolFlag,
  /** Questionnaires the measuring pages do not offer (their licence does not cover this deployment), comma-separated. */
  MEASURE_OFF: z.preprocess(
    (v) =>
      String(v ?? "")
        .split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    z.array(z.enum(QUESTIONNAIRE_SLUGS)),
  ),
  JOURNAL_AUTH: z.preprocess((v) => (v === "" || v === undefined ? "required" : v), z.enum(["none", "required"])),
  // care-team: clinicians read only the patients who share with one of their clinics (lib/access).
  PATIENT_ACCESS: z.preprocess((v) => (v === "" || v === undefined ? "care-team" : v), z.enum(["care-team", "all-staff"])),
  PURGE_INTERVAL_SECONDS: positiveInt(3_600),
  // Clinics (issue 37): how many clinics one care provider's account creates (the service admin
  // is not counted), and how many days an e-mailed invitation to join one stays valid.
  CLINICS_PER_ACCOUNT: positiveInt(3),
  CLINIC_INVITATION_DAYS: positiveInt(7),
  // FHIR bulk exports (lib/fhir/bulk): how long a finished export's files are kept, and how
  // many exports may be queued or running at once across every instance.
  BULK_EXPORT_TTL_HOURS: positiveInt(24),
  BULK_EXPORT_MAX_ACTIVE: positiveInt(4),
  // Patients exporting their own records have their own cap, so they never starve clinicians'
  // exports; each requester holds at most BULK_EXPORT_MAX_KEPT exports (finished ones included),
  // starts at most BULK_EXPORT_KICKOFFS_PER_DAY and downloads BULK_EXPORT_DOWNLOADS_PER_HOUR files.
  BULK_EXPORT_MAX_ACTIVE_PATIENTS: positiveInt(2),
  BULK_EXPORT_MAX_KEPT: positiveInt(5),
  BULK_EXPORT_KICKOFFS_PER_DAY: positiveInt(24),
  BULK_EXPORT_DOWNLOADS_PER_HOUR: positiveInt(120),
  // "api": the REST surface only, without Next (no pages, no web sign-in): a lighter process
  // for scale-out nodes behind a balancer (docs/operations.md).
  SERVE: z.preprocess((v) => (v === "" || v === undefined ? "all" : v), z.enum(["all", "api"])),

  AUTH0_DOMAIN: optionalString,
  AUTH0_AUDIENCE: optionalString,
  AUTH0_ISSUER_BASE_URL: optionalUrl,
  AUTH0_ROLES_CLAIM: z.preprocess((v) => (v === "" ? undefined : v), z.string().default("https://hand-assessment.app/roles")),
  AUTH0_CLIENT_ID: optionalString,
  AUTH0_CLIENT_SECRET: optionalString,
  NEXTAUTH_URL: optionalUrl,
  NEXTAUTH_SECRET: optionalString,

  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_CORE: optionalString,
  STRIPE_PRICE_PLUS: optionalString,
  STRIPE_API_BASE_URL: optionalUrl,

  RESEND_API_KEY: optionalString,
  RESEND_BASE_URL: optionalUrl,
  SMTP_HOST: optionalString,
  SMTP_PORT: positiveInt(587),
  SMTP_USER: optionalString,
  SMTP_PASS: optionalString,
  SMTP_FROM: z.preprocess((v) => (v === "" ? undefined : v), z.string().default("Hand Assessment <no-reply@hand-assessment.app>")),
  LEADS_EMAIL: optionalString,

  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalString,
  LLM_MODEL: z.preprocess((v) => (v === "" ? undefined : v), z.string().default("gpt-4o-mini")),
  LLM_TIMEOUT_MS: positiveInt(15_000),

  PYTHON_API_URL: optionalUrl,
  BIOMECHANICS_TIMEOUT_MS: positiveInt(15_000),

  PDF_WORKERS: positiveInt(Math.max(1, Math.min(4, availableParallelism() - 1))),
  PDF_QUEUE: z.preprocess((v) => (v === "" || v === undefined ? 16 : Number(v)), z.number().int().min(0)),
  PDF_QUEUE_PER_CLIENT: z.preprocess((v) => (v === "" || v === undefined ? 2 : Number(v)), z.number().int().min(0)),
  PDF_RENDER_TIMEOUT_MS: positiveInt(30_000),
  PDF_CACHE_BYTES: z.preprocess((v) => (v === "" || v === undefined ? 64 * 1024 * 1024 : Number(v)), z.number().int().min(0)),

  ESPEAK_PATH: z.preprocess((v) => (v === "" ? undefined : v), z.string().default("espeak-ng")),
  VOICE_MAX_CONNECTIONS_PER_CLIENT: positiveInt(4),
  VOICE_MAX_CONNECTIONS: positiveInt(200),
  SPEECH_QUEUE_MAX: positiveInt(8),
  VOICE_HEARTBEAT_MS: positiveInt(25_000),
  VOICE_IDLE_SECONDS: positiveInt(120),
  VOICE_MAX_SESSION_SECONDS: positiveInt(1800),
  /** Unset: a tenth of VOICE_MAX_CONNECTIONS (voiceSignedInReserved). */
  VOICE_SIGNED_IN_RESERVED: z.preprocess((v) => (v === "" || v === undefined ? undefined : Number(v)), z.number().int().min(0).optional()),
  VOICE_TICKET_SECONDS: z.preprocess((v) => (v === "" || v === undefined ? 60 : Number(v)), z.number().int().min(1).max(300)),
});

type EnvFields = z.output<typeof envFields>;

/** A setting that cannot stand given the others: `path` names it, `message` says why, after its name. */
interface EnvRule {
  path: keyof EnvFields;
  breaks: (env: EnvFields) => boolean;
  message: string | ((env: EnvFields) => string);
}

const devAuth = (env: EnvFields) => !env.AUTH0_DOMAIN;
const webSignInAsked = (env: EnvFields) => Boolean(env.AUTH0_CLIENT_ID || env.AUTH0_CLIENT_SECRET);

/** The checks across settings, in the order their issues are told. */
const ENV_RULES: EnvRule[] = [
  // Real patient data never sits behind mock users: see "Development mode" in the spec.
  {
    path: "HOSTNAME",
    breaks: (env) => devAuth(env) && env.HOSTNAME !== undefined && !isLoopback(env.HOSTNAME) && !env.ALLOW_DEV_AUTH,
    message: (env) =>
      `is ${env.HOSTNAME}, not loopback, while AUTH0_DOMAIN is unset (development auth: anyone may act as any user); set AUTH0_DOMAIN, or ALLOW_DEV_AUTH=true if this server holds no real patient data`,
  },
  {
    path: "AUTH0_AUDIENCE",
    breaks: (env) => Boolean(env.AUTH0_DOMAIN && !env.AUTH0_AUDIENCE),
    message:
      "is required when AUTH0_DOMAIN is set: without it any token of the tenant (other applications' ID tokens included) would be accepted",
  },
  // Web sign-in is configured as a whole or not at all.
  ...(["AUTH0_DOMAIN", "AUTH0_CLIENT_ID", "AUTH0_CLIENT_SECRET", "NEXTAUTH_URL", "NEXTAUTH_SECRET"] as const).map((name): EnvRule => ({
    path: name,
    breaks: (env) => webSignInAsked(env) && !env[name],
    message: "is required for web sign-in (AUTH0_CLIENT_ID or AUTH0_CLIENT_SECRET is set)",
  })),
  {
    path: "DATABASE_MIGRATION_URL",
    breaks: (env) => Boolean(env.DATABASE_MIGRATION_URL && !env.DATABASE_URL),
    message: "needs DATABASE_URL (the embedded database has one role)",
  },
  {
    path: "AUDIT_ADDRESS_KEY",
    breaks: (env) => Boolean(env.AUDIT_ADDRESS_KEY && env.AUDIT_ADDRESS_KEY.length < 32),
    message: "must be at least 32 characters (it keys the audit trail's address hashes)",
  },
  {
    path: "VOICE_SIGNED_IN_RESERVED",
    breaks: (env) => env.VOICE_SIGNED_IN_RESERVED !== undefined && env.VOICE_SIGNED_IN_RESERVED >= env.VOICE_MAX_CONNECTIONS,
    message: (env) =>
      `must be below VOICE_MAX_CONNECTIONS (${env.VOICE_MAX_CONNECTIONS}), or no anonymous caller could open a voice socket`,
  },
  {
    path: "NEXTAUTH_SECRET",
    breaks: (env) => Boolean(env.NEXTAUTH_SECRET && env.NEXTAUTH_SECRET.length < 32),
    message: "must be at least 32 characters (it encrypts the web session)",
  },
  {
    path: "REMINDERS_TEST_CLOCK",
    breaks: (env) => Boolean(env.REMINDERS_TEST_CLOCK && !env.ALLOW_DEV_AUTH),
    message:
      "lets the service admin run the reminders at any date (tests only); it needs ALLOW_DEV_AUTH=true, a server holding no real patient data",
  },
  {
    path: "AUTH0_DOMAIN",
    breaks: (env) => Boolean(devAuth(env) && env.NODE_ENV === "production" && env.DATABASE_URL && !env.ALLOW_DEV_AUTH),
    message:
      "is unset (development auth mode) while NODE_ENV=production and DATABASE_URL points at PostgreSQL; set AUTH0_DOMAIN, or ALLOW_DEV_AUTH=true if this database holds no real patient data",
  },
];

export const envSchema = envFields.superRefine((env, ctx) => {
  for (const rule of ENV_RULES) {
    if (!rule.breaks(env)) continue;
    ctx.addIssue({ code: "custom", path: [rule.path], message: typeof rule.message === "string" ? rule.message : rule.message(env) });
  }
});

export type Env = z.infer<typeof envSchema>;

/** 127.0.0.0/8, ::1 and localhost: reachable from this machine only. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "");
  if (bare === "localhost" || bare === "::1") return true;
  return isIP(bare) === 4 && bare.startsWith("127.");
}

/**
 * Where the server listens: HOSTNAME when set; otherwise every interface, except in development
 * auth mode without ALLOW_DEV_AUTH, where mock users must not face a network (loopback only).
 */
export function listenHost(config: Env): string {
  if (config.HOSTNAME) return config.HOSTNAME;
  return !config.AUTH0_DOMAIN && !config.ALLOW_DEV_AUTH ? "127.0.0.1" : "0.0.0.0";
}

export class EnvError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join("\n"));
    this.name = "EnvError";
  }
}

/** Parses an environment; throws EnvError with one line per bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  throw new EnvError(result.error.issues.map((issue) => `Invalid environment variable ${issue.path.join(".")}: ${issue.message}`));
}

let cached: Env | undefined;

/** The process's configuration, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** True when no identity provider is configured (see the spec's "Development mode"). */
export function isDevAuth(): boolean {
  return !env().AUTH0_DOMAIN;
}

/**
 * Whether browsers can sign in: always in development auth mode; with an identity provider only
 * when the web sign-in variables are set (AUTH0_CLIENT_ID and the rest, checked together above).
 * Without them the server is API-only: tokens work, pages are served to anonymous visitors.
 */
export function webSignInEnabled(): boolean {
  return isDevAuth() || Boolean(env().AUTH0_CLIENT_ID);
}
