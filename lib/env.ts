// The service's configuration: every environment variable it reads, parsed once with zod.
// Names follow ../shared/design/ARCHITECTURE.md; .env.example explains each one.
import { z } from "zod";

/** An unset or empty variable reads as "not configured". */
const optionalString = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());
const optionalUrl = z.preprocess((v) => (v === "" ? undefined : v), z.url().optional());
const boolFlag = z.preprocess(
  (v) => (v === "" || v === undefined ? "false" : String(v).toLowerCase()),
  z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1"),
);
const positiveInt = (fallback: number) =>
  z.preprocess((v) => (v === "" || v === undefined ? fallback : Number(v)), z.number().int().positive());

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.preprocess((v) => (v === "" || v === undefined ? 3000 : Number(v)), z.number().int().min(0).max(65535)),
    HOSTNAME: z.preprocess((v) => (v === "" ? undefined : v), z.string().default("0.0.0.0")),
    DATABASE_URL: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
        .optional(),
    ),
    DATABASE_POOL_SIZE: positiveInt(10),
    DATA_DIR: z.preprocess((v) => (v === "" ? undefined : v), z.string().default("./.data")),
    FRONTEND_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url().default("http://localhost:3000")),
    CORS_ALLOWED_ORIGINS: z.preprocess(
      (v) => (v === "" || v === undefined ? [] : String(v).split(",").map((s) => s.trim()).filter(Boolean)),
      z.array(z.url()),
    ),
    ALLOW_DEV_AUTH: boolFlag,
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    REDIS_URL: optionalString,
    RATE_LIMIT: z.preprocess((v) => (v === "" || v === undefined ? "on" : v), z.enum(["on", "off"])),
    RATE_LIMIT_PER_MINUTE: positiveInt(60),
    RATE_LIMIT_MISSES_PER_HOUR: positiveInt(30),
    RATE_LIMIT_GLOBAL_MISSES_PER_HOUR: positiveInt(10_000),
    JOURNAL_AUTH: z.preprocess((v) => (v === "" || v === undefined ? "none" : v), z.enum(["none", "required"])),

    AUTH0_DOMAIN: optionalString,
    AUTH0_AUDIENCE: optionalString,
    AUTH0_ISSUER_BASE_URL: optionalUrl,
    AUTH0_ROLES_CLAIM: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.string().default("https://hand-assessment.app/roles"),
    ),
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

    ESPEAK_PATH: z.preprocess((v) => (v === "" ? undefined : v), z.string().default("espeak-ng")),
    VOICE_MAX_CONNECTIONS_PER_CLIENT: positiveInt(4),
    VOICE_HEARTBEAT_MS: positiveInt(25_000),
  })
  .superRefine((env, ctx) => {
    // Real patient data never sits behind mock users: see "Development mode" in the spec.
    const devAuth = !env.AUTH0_DOMAIN;
    if (devAuth && env.NODE_ENV === "production" && env.DATABASE_URL && !env.ALLOW_DEV_AUTH) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH0_DOMAIN"],
        message:
          "is unset (development auth mode) while NODE_ENV=production and DATABASE_URL points at PostgreSQL; set AUTH0_DOMAIN, or ALLOW_DEV_AUTH=true if this database holds no real patient data",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

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
  throw new EnvError(
    result.error.issues.map((issue) => `Invalid environment variable ${issue.path.join(".")}: ${issue.message}`),
  );
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
