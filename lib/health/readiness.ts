// Readiness: the database must answer `SELECT 1` within READINESS_TIMEOUT_MS. Liveness
// (/api/health) stays independent of the database so an orchestrator restarts the process only
// when the process itself is stuck, and takes it out of rotation while the database is away.
import { ApiError } from "@/lib/api/errors";
import { databaseKind, query } from "@/lib/db";

export const READINESS_TIMEOUT_MS = 2_000;

export async function checkReadiness(): Promise<{ status: "ready"; database: "postgres" | "pglite"; timestamp: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), READINESS_TIMEOUT_MS);
  });
  const probe = query("SELECT 1 AS ok").then(
    () => "ok" as const,
    () => "failed" as const,
  );
  const outcome = await Promise.race([probe, timedOut]).finally(() => clearTimeout(timer));
  if (outcome !== "ok") {
    throw new ApiError(
      503,
      outcome === "timeout" ? "Not ready: the database did not answer within 2 s" : "Not ready: the database cannot be reached",
      {
        code: "DATABASE_UNAVAILABLE",
        headers: { "retry-after": "5" },
      },
    );
  }
  return { status: "ready", database: databaseKind(), timestamp: new Date().toISOString() };
}
