// npm run bench:fhir (and a row of npm run bench): GET /api/fhir/Patient/:id/$everything for a
// patient with 1,000 assessments (250 of each submitted type: ROM with 15 finger joints,
// dexterity, pain, arthritis, as lib/assessments/examples.ts) and 10 reports, read by a care
// provider. One measurement is the whole export: the first page and every next link, so each
// of the 1,011 resources is fetched once; its time is each page's request to last byte (the
// client's parsing, to find the next link, is left out). Prints p50/p99 over BENCH_REQUESTS (30) sequential
// exports after 3 warm-up ones, on a fresh PostgreSQL database (TEST_DATABASE_URL,
// BENCH_DATABASE_URL or DATABASE_URL; default the local server).
import { readFileSync } from "node:fs";
import { arthritisBody, dexterityBody, painBody, romBody } from "@/lib/assessments/examples";
import { ROM_FINGERS } from "@/lib/assessments/kinds/rom";
import { freshClientAddress } from "./compare";
import { percentile } from "./stats";

const ASSESSMENTS = 1_000;
const REPORTS = 10;
const WARMUP = 3;

const FINGERS = ROM_FINGERS.map(({ finger }) => finger);
const JOINT_TYPES = ["MCP", "PIP", "DIP"];
/** A whole hand's joints: 5 fingers × 3 joints. */
const romWithJoints = {
  ...romBody,
  joints: FINGERS.flatMap((finger) =>
    JOINT_TYPES.map((jointType, i) => ({
      ...romBody.joints[0],
      id: `${finger.toLowerCase()}_${jointType.toLowerCase()}`,
      finger,
      jointType,
      maxAngle: romBody.joints[0]!.minAngle + 70 + i * 5,
      rom: 70 + i * 5,
    })),
  ),
};
const BODIES: [string, unknown][] = [
  ["/assessments/rom", romWithJoints],
  ["/assessments/dexterity", dexterityBody],
  ["/assessments/pain-v2", painBody],
  ["/assessments/arthritis", arthritisBody],
];

/**
 * CPU time the server process has used (user + system, all its threads), from /proc: unlike the
 * wall time it hardly depends on what else this shared machine runs.
 */
function serverCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}
/** USER_HZ, 100 on Linux. */
const CLOCK_TICKS_PER_SECOND = 100;

export interface EverythingFigures {
  p50: number;
  p99: number;
  /** Server CPU per export, ms. */
  serverCpu: number;
  resources: number;
  pages: number;
  bytes: number;
}

/** Seeds the patient through the API, then times whole $everything exports. */
export async function benchEverything(
  serviceEnv: Record<string, string>,
  requests = Number(process.env.BENCH_REQUESTS || 30),
): Promise<EverythingFigures> {
  process.env.TEST_DATABASE_URL ||=
    process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
  process.env.NEXT_DIST_DIR ||= ".next";
  const { startIdentityProvider, uniqueSub } = await import("@/test/support/identity-provider");
  const { ownOriginEnv, startServer } = await import("@/test/support/server");
  const idp = await startIdentityProvider();
  // The export follows the bundles' next links, which name FRONTEND_URL: the server's own origin.
  const server = await startServer({ env: { ...serviceEnv, ...idp.env, ...(await ownOriginEnv()) } });
  try {
    const patientToken = await idp.token({
      sub: uniqueSub("patient"),
      roles: ["patient"],
      name: "Bench Patient",
      email: "bench@example.test",
    });
    const providerToken = await idp.token({ sub: uniqueSub("provider"), roles: ["care_provider"] });
    const call = async (method: string, path: string, token: string, body?: unknown) => {
      const response = await fetch(`${server.origin}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "x-forwarded-for": freshClientAddress() },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}`);
      return (await response.json()) as { id: number; code: string };
    };
    const { id: patientId } = await call("GET", "/patients/me", patientToken);
    const codes: string[] = [];
    for (let i = 0; i < ASSESSMENTS; i += 8) {
      const batch = Array.from({ length: Math.min(8, ASSESSMENTS - i) }, (_, j) => BODIES[(i + j) % BODIES.length]!);
      codes.push(
        ...(await Promise.all(batch.map(([path, body]) => call("POST", path, patientToken, body)))).map((created) => created.code),
      );
    }
    for (let i = 0; i < REPORTS; i++) {
      await call("POST", "/reports", patientToken, { title: `Report ${i + 1}`, assessmentCodes: codes.slice(i * 20, i * 20 + 20) });
    }

    /** The export's time is each page's, from request to last byte; parsing a page (to find the next) is the client's, outside it. */
    const exportAll = async () => {
      let url: string | undefined = `${server.origin}/api/fhir/Patient/${patientId}/$everything`;
      let [resources, pages, bytes, ms] = [0, 0, 0, 0];
      while (url) {
        const started = performance.now();
        const response: Response = await fetch(url, {
          headers: { authorization: `Bearer ${providerToken}`, accept: "application/fhir+json", "x-forwarded-for": freshClientAddress() },
        });
        const text = await response.text();
        ms += performance.now() - started;
        if (response.status !== 200) throw new Error(`$everything answered ${response.status}`);
        const bundle = JSON.parse(text) as { entry?: unknown[]; link: { relation: string; url: string }[] };
        resources += bundle.entry?.length ?? 0;
        bytes += text.length;
        pages++;
        url = bundle.link.find((link) => link.relation === "next")?.url;
      }
      return { resources, pages, bytes, ms };
    };
    let shape = await exportAll();
    if (shape.resources !== 1 + ASSESSMENTS + REPORTS) throw new Error(`$everything exported ${shape.resources} resources`);
    for (let i = 1; i < WARMUP; i++) await exportAll();
    const times: number[] = [];
    const cpuBefore = serverCpuMs(server.process.pid!);
    for (let i = 0; i < requests; i++) {
      shape = await exportAll();
      times.push(shape.ms);
    }
    const serverCpu = (serverCpuMs(server.process.pid!) - cpuBefore) / requests;
    times.sort((a, b) => a - b);
    return {
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      serverCpu,
      resources: shape.resources,
      pages: shape.pages,
      bytes: shape.bytes,
    };
  } finally {
    await server.stop();
    await idp.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { spawnSync } = await import("node:child_process");
  const build = spawnSync(process.execPath, ["-e", "import('./scripts/lib/build.mjs').then((m) => m.ensureBuild())"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const { SERVICE_ENV } = await import("./compare");
  const figures = await benchEverything(SERVICE_ENV);
  console.log(
    `GET /api/fhir/Patient/:id/$everything, ${ASSESSMENTS} assessments + ${REPORTS} reports: ${figures.resources} resources in ${figures.pages} page(s), ${(figures.bytes / 2 ** 20).toFixed(1)} MiB; p50 ${figures.p50.toFixed(0)} ms, p99 ${figures.p99.toFixed(0)} ms (target p50 < 500 ms); server CPU ${figures.serverCpu.toFixed(0)} ms per export`,
  );
}
