// The custom server: one http.Server for Next's handler, the voice WebSocket on upgrade of
// /api/ai/ws, CORS for /api/*, the client address and security headers on every request,
// migrations before the first request, the purge of expired records, background jobs (pg-boss,
// started once the server listens), and a graceful stop. The time each start-up phase took is
// logged at debug level ("start-up timing").
// `npm start` runs it compiled (scripts/lib/build.mjs), `npm run dev` from source with tsx.
// SERVE=api serves the REST surface without loading Next: every other path is a JSON 404.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { dirname, join } from "node:path";
import type { Duplex } from "node:stream";
import { fileURLToPath } from "node:url";
import type { Logger } from "pino";
import { EnvError, env, isDevAuth, listenHost, webSignInEnabled } from "@/lib/env";
import { PAGE_PATH_HEADER } from "@/lib/web/page-path";
import { withPageStatus } from "@/lib/web/page-status";

const dev = process.argv.includes("--dev");
(process.env as Record<string, string>).NODE_ENV ??= dev ? "development" : "production";

/** How long in-flight requests may take to finish after SIGTERM/SIGINT. */
const SHUTDOWN_GRACE_MS = 10_000;
/** How long after a failed start of the background jobs the next attempt is made. */
const JOBS_RETRY_MS = 5_000;

type Config = ReturnType<typeof env>;
type Timing = ReturnType<typeof phases>;

async function main(): Promise<void> {
  const timing = phases();
  const config = loadConfig();
  // Imported after the configuration is known to be valid: these modules read it.
  // Start and stop lines are printed whatever LOG_LEVEL says: operators (and tests) rely on them.
  const { logger: baseLogger } = await import("@/lib/log");
  const logger = baseLogger.child({}, { level: "info" });
  const { schedulePurge } = await import("@/lib/lookup/purge");
  timing.mark("modules");
  await prepareDatabase(logger);
  timing.mark("database");
  const originFromRequest = announceModes(config, logger);
  const hostname = listenHost(config);
  const { server, voice } = await createHttpServer(config, hostname, originFromRequest, timing);
  const purge = schedulePurge(config.PURGE_INTERVAL_SECONDS * 1000);
  const lifecycle = { stopping: false };
  stopOnSignals(server, { voice, purge }, lifecycle, logger);
  server.listen(config.PORT, hostname, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    timing.mark("listen");
    logger.info(
      { port, host: hostname, dev, devAuth: isDevAuth(), serve: config.SERVE },
      `listening on http://localhost:${port}${isDevAuth() ? " (development auth: mock users)" : ""}`,
    );
    void startBackgroundJobsUntilStarted(lifecycle, logger, () => {
      timing.mark("jobs");
      baseLogger.debug({ phases: timing.phases, sinceProcessStartMs: Math.round(performance.now()) }, "start-up timing");
    });
  });
}

/** The configuration from the environment (and `.env`); a bad value ends the process with one line per variable. */
function loadConfig(): Config {
  if (existsSync(".env")) process.loadEnvFile(".env");
  try {
    return env();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(error.lines.join("\n") + "\n");
      process.exit(1);
    }
    throw error;
  }
}

/** Migrations, the clinics upgrade notice and how durable acknowledged writes are. */
async function prepareDatabase(logger: Logger): Promise<void> {
  const { databaseKind, durabilityLevel, durabilitySettings, setPgliteTemplate } = await import("@/lib/db");
  const { migrateService } = await import("@/lib/migrations");
  const { CLINICS_MIGRATION, clinicUpgradeNotice } = await import("@/lib/clinics/upgrade");
  // A new embedded database copies the build's template (scripts/lib/pglite-template.mjs) instead of running initdb.
  if (!dev) setPgliteTemplate(join(dirname(fileURLToPath(import.meta.url)), "..", "pglite-initdb"));
  const applied = await migrateService();
  logger.info({ database: databaseKind(), applied: applied.length }, "database ready");
  const upgrade = applied.includes(CLINICS_MIGRATION) ? await clinicUpgradeNotice() : null;
  if (upgrade) logger.warn(upgrade.fields, upgrade.message);
  const durability = await durabilitySettings();
  const survives = durabilityLevel(durability);
  if (survives === "none") logger.warn({ durability, survives }, "database durability is off: acknowledged writes can be lost in a crash");
  else logger.info({ durability, survives }, "database durability");
}

/**
 * Says at start which modes run (development auth, sign-in, patient access, the open journal).
 * Returns whether sign-in redirects follow each request's own address.
 */
function announceModes(config: Config, logger: Logger): boolean {
  if (isDevAuth()) {
    logger.warn(
      { allowDevAuth: config.ALLOW_DEV_AUTH },
      "DEVELOPMENT AUTH IS ON (AUTH0_DOMAIN is unset): tokens are not verified and anyone may act as any user, admin included. Never hold real patient data this way.",
    );
  }
  // Sign-in redirects: next-auth builds them from NEXTAUTH_URL. In development mode without it,
  // each request's own address is used (AUTH_TRUST_HOST), so sign-in works on any port or host
  // name; forwarded-host headers from peers that are not trusted proxies are dropped (see
  // createHttpServer), so that address is the one the browser asked for.
  const originFromRequest = isDevAuth() && !config.NEXTAUTH_URL;
  if (originFromRequest) {
    process.env.AUTH_TRUST_HOST = "true";
    logger.info("sign-in redirects follow the address each request was sent to (development mode, NEXTAUTH_URL unset)");
  }
  if (!isDevAuth() && !process.env.FRONTEND_URL) {
    logger.warn(
      { frontendUrl: config.FRONTEND_URL },
      "FRONTEND_URL is unset: links in e-mails, reports and the API description name http://localhost:3000; set it to this service's public URL",
    );
  }
  if (!webSignInEnabled()) {
    logger.warn(
      "web sign-in is disabled (API-only mode): AUTH0_DOMAIN is set without AUTH0_CLIENT_ID, AUTH0_CLIENT_SECRET, NEXTAUTH_URL and NEXTAUTH_SECRET; API tokens work, and the pages serve anonymous visitors only",
    );
  }
  logger.info(
    { patientAccess: config.PATIENT_ACCESS },
    config.PATIENT_ACCESS === "care-team"
      ? "patient access: care-team (a clinician reads only the patients who share with one of their clinics)"
      : "patient access: all-staff (every care provider reads every patient)",
  );
  if (config.JOURNAL_AUTH === "none") {
    logger.warn("JOURNAL_AUTH=none: anyone may read and write every patient's journal by id (the specification's open journal)");
  }
  return originFromRequest;
}

/** The modules the HTTP server uses, imported once the configuration is known to be valid: they read it. */
async function httpModules() {
  const { applyCors, corsPolicy } = await import("@/lib/http/cors");
  const { createVoiceServer } = await import("@/lib/voice/server");
  const { createApiRouter, send } = await import("@/lib/http/api-router");
  const { ApiError, errorReply } = await import("@/lib/api/errors");
  const { operationOutcomeResponse } = await import("@/lib/fhir/bundle");
  const { stampClientAddress } = await import("@/lib/http/client-address");
  const { compileTrust, isHttps, isTrustedPeer } = await import("@/lib/http/trust");
  const { applySecurityHeaders } = await import("@/lib/http/security-headers");
  return {
    applyCors,
    corsPolicy,
    createVoiceServer,
    createApiRouter,
    send,
    ApiError,
    errorReply,
    operationOutcomeResponse,
    stampClientAddress,
    compileTrust,
    isHttps,
    isTrustedPeer,
    applySecurityHeaders,
  };
}
type HttpModules = Awaited<ReturnType<typeof httpModules>>;
type Trust = ReturnType<HttpModules["compileTrust"]>;
interface PageHandlers {
  handleRequest: (req: IncomingMessage, res: ServerResponse) => unknown;
  handleNextUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => unknown;
}

/** Next's request and upgrade handlers; under SERVE=api, a JSON 404 and a closed socket instead. */
async function pageHandlers(m: HttpModules, config: Config, hostname: string): Promise<PageHandlers> {
  if (config.SERVE !== "api") return startNext(dev, hostname, config.PORT);
  const notFound = (req: IncomingMessage, res: ServerResponse) =>
    void m.send(m.errorReply(new m.ApiError(404, "This server answers the API only (SERVE=api)")), req, res);
  return { handleRequest: notFound, handleNextUpgrade: (_req: IncomingMessage, socket: Duplex) => void socket.destroy() };
}

/** A path with broken percent-encoding: the client's error, as an OperationOutcome to FHIR clients. */
function malformedUrlReply(m: HttpModules, url: string): Response {
  const error = new m.ApiError(400, "Malformed URL: the path has invalid percent-encoding");
  if (!url.startsWith("/api/fhir/")) return m.errorReply(error);
  return m.operationOutcomeResponse(error.status, error.body(), { "cache-control": "no-store", "x-request-id": randomUUID() });
}

/**
 * Every request: the client address, forwarded-host headers of untrusted peers dropped (when
 * sign-in follows the request's address), security headers and CORS; then the API router, or Next.
 */
function requestListener(
  m: HttpModules,
  route: {
    trust: Trust;
    originFromRequest: boolean;
    cors: ReturnType<HttpModules["corsPolicy"]>;
    api: ReturnType<HttpModules["createApiRouter"]> | null;
    handleRequest: PageHandlers["handleRequest"];
  },
) {
  const { trust, originFromRequest, cors, api, handleRequest } = route;
  return (req: IncomingMessage, res: ServerResponse) => {
    m.stampClientAddress(req, trust);
    if (originFromRequest && !m.isTrustedPeer(req, trust)) {
      delete req.headers["x-forwarded-host"];
      delete req.headers["x-forwarded-proto"];
    }
    m.applySecurityHeaders((req.url ?? "/").split("?", 1)[0]!, res, m.isHttps(req, trust));
    if (req.url?.startsWith("/api/") && m.applyCors(req, res, cors)) return;
    // Next answers a path with broken percent-encoding ("%", "%zz", "%C0%AF") with a 500; it is the client's error.
    if (!hasDecodablePath(req.url ?? "/")) return void m.send(malformedUrlReply(m, req.url ?? "/"), req, res);
    const next = () => {
      if (req.url?.startsWith("/api/")) return void handleRequest(req, res);
      // Pages: the not-found page reads the path it answers for (a client cannot set this
      // header), and a page may answer with another status (lib/web/page-status.ts).
      req.headers[PAGE_PATH_HEADER] = (req.url ?? "/").split("?", 1)[0]!;
      withPageStatus(res, () => void handleRequest(req, res));
    };
    if (api) api.serve(req, res, next);
    else next();
  };
}

/** The one http.Server: client address, security headers and CORS, then the API router, Next or the voice socket. */
async function createHttpServer(config: Config, hostname: string, originFromRequest: boolean, timing: Timing) {
  const m = await httpModules();
  const trust = m.compileTrust(config.TRUST_PROXY);
  const apiOnly = config.SERVE === "api";
  const { handleRequest, handleNextUpgrade } = await pageHandlers(m, config, hostname);
  timing.mark("next");
  const voice = m.createVoiceServer();
  const cors = m.corsPolicy();
  // The route files beside this file: app/api from source, their compiled copies in the build.
  // In development Next recompiles route files on change, so it serves them itself.
  const apiDir = join(dirname(fileURLToPath(import.meta.url)), "app", "api");
  const api = dev && !apiOnly ? null : m.createApiRouter(apiDir, () => `http://127.0.0.1:${listeningPort()}`);

  const server = createServer(requestListener(m, { trust, originFromRequest, cors, api, handleRequest }));
  const listeningPort = (): number => {
    const address = server.address();
    return typeof address === "object" && address ? address.port : config.PORT;
  };
  server.on("upgrade", (req, socket, head) => {
    m.stampClientAddress(req, trust);
    const path = (req.url ?? "").split("?")[0];
    if (path === "/api/ai/ws") {
      voice.handleUpgrade(req, socket, head);
    } else {
      void handleNextUpgrade(req, socket, head);
    }
  });
  // An idle keep-alive connection stays open 65 s (Node's default is 5 s): longer than a load
  // balancer's idle timeout (60 s on the common ones), so the balancer, not this server, closes it,
  // and a client whose event loop was busy for a few seconds does not send on a socket the server
  // has just closed (that reset is what a 5 s timeout gave clients under load).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return { server, voice };
}

/**
 * SIGTERM/SIGINT: in-flight requests finish (at most SHUTDOWN_GRACE_MS), idle keep-alive
 * connections close as they turn idle, the voice sockets and the purge stop,
 * then the job queue and the database close.
 */
function stopOnSignals(
  server: Server,
  services: { voice: { shutdown(): Promise<void> }; purge: { stop(): void } },
  lifecycle: { stopping: boolean },
  logger: Logger,
): void {
  const stop = (signal: string) => {
    if (lifecycle.stopping) return;
    lifecycle.stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    // Keep-alive connections turn idle as their last response ends; close them as they do.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    // Voice sockets are closed with 1001; server.close() waits for them like for any connection.
    const voiceStopped = services.voice.shutdown();
    services.purge.stop();
    server.close(async () => {
      clearTimeout(force);
      clearInterval(sweep);
      await voiceStopped;
      const { stopJobs } = await import("@/lib/jobs");
      const { closeDatabase } = await import("@/lib/db");
      await stopJobs().catch((error) => logger.error({ err: (error as Error).name }, "stopping the job queue failed"));
      await closeDatabase().catch((error) => logger.error({ err: (error as Error).name }, "closing the database failed"));
      logger.info("stopped");
      process.exit(0);
    });
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/**
 * Background jobs (pg-boss, on this database) once the server answers: creating or upgrading
 * pg-boss's schema and queues is not on the way to the first request; a kick-off that comes
 * first waits for it (lib/jobs). A start that fails (the database away) is tried again.
 */
async function startBackgroundJobsUntilStarted(lifecycle: { stopping: boolean }, logger: Logger, started: () => void): Promise<void> {
  for (let attempt = 1; !lifecycle.stopping; attempt++) {
    try {
      await startBackgroundJobs();
      started();
      return;
    } catch (error) {
      if (lifecycle.stopping) return;
      const { name, code } = error as Error & { code?: unknown };
      logger.error({ err: { type: name, code }, attempt }, `background jobs failed to start: trying again in ${JOBS_RETRY_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, JOBS_RETRY_MS));
    }
  }
}

async function startBackgroundJobs(): Promise<void> {
  const { startJobs } = await import("@/lib/jobs");
  const { startBulkExports } = await import("@/lib/fhir/bulk/worker");
  const { startReminders } = await import("@/lib/reminders/job");
  await startJobs();
  await startBulkExports();
  await startReminders();
}

/**
 * Each start-up phase's milliseconds, from the process's start (Node's own start-up is in the
 * first), and the resident memory (MiB) when it ended.
 */
function phases() {
  const phases: Record<string, { ms: number; rssMiB: number }> = {};
  let last = 0;
  return {
    phases,
    mark(name: string) {
      const now = performance.now();
      phases[name] = { ms: Math.round(now - last), rssMiB: Math.round(process.memoryUsage.rss() / 2 ** 20) };
      last = now;
    },
  };
}

/** Next, with the pages and the routes it serves; loaded only when the server serves pages. */
async function startNext(dev: boolean, hostname: string, port: number) {
  const { default: next } = await import("next");
  const app = next({ dev, dir: process.cwd(), hostname, port });
  await app.prepare();
  return { handleRequest: app.getRequestHandler(), handleNextUpgrade: app.getUpgradeHandler() };
}

main().catch((error) => {
  process.stderr.write(`failed to start: ${(error as Error).message}\n`);
  process.exit(1);
});

function hasDecodablePath(url: string): boolean {
  try {
    decodeURIComponent(url.split("?")[0]!);
    return true;
  } catch {
    return false;
  }
}
