// A patient's history as a tidy CSV (GET /patients/{id}/export): one row per measurement, on its
// own scale with its unit, in the reader's language (Spanish: `;` between cells, decimal commas),
// UTF-8 with a byte-order mark; through the access rule like every read of one patient's data.
// Own server: it writes as the development personas, fixed users every such file would share.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { painBody, romBody } from "@/lib/assessments/examples";
import { parse } from "csv-parse/sync";
import { apiClient, checked } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";

let server: TestServer;
let patientId: number;
const records: { code: string; dateCreated: string }[] = [];
const as = (persona: string) => ({ authorization: "Bearer development", "x-dev-user": persona });
const api = () => apiClient(server.origin);

before(async () => {
  server = await startServer({ env: { AUTH0_DOMAIN: undefined } });
  // Care-team rule: the development patient shares with a clinic the development care provider belongs to.
  const clinic = (await api().post<{ id: number; joinCode: string }>("/clinics", { name: "Export clinic" }, { headers: as("admin") })).body;
  assert.equal(
    (await api().post(`/clinics/${clinic.id}/members`, { sub: "dev|care-provider", role: "clinician" }, { headers: as("admin") })).status,
    201,
  );
  assert.equal((await api().post("/me/clinics", { joinCode: clinic.joinCode }, { headers: as("patient") })).status, 201);
  for (const [path, body] of [
    ["/assessments/rom", romBody],
    ["/assessments/pain-v2", painBody],
    // (12 / 11 − 1) × 25 = 2.27: a decimal, written 2,27 in Spanish.
    ["/assessments/quickdash", { hand: "RIGHT", responses: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2] }],
  ] as const) {
    assert.equal((await api().post(path, body, { headers: as("patient") })).status, 201);
  }
  patientId = (await api().get<{ id: number }>("/patients/me", { headers: as("patient") })).body.id;
  const history = await api().get<{ assessments: { code: string; dateCreated: string }[] }>("/patients/me/assessments", {
    headers: as("patient"),
  });
  records.push(...history.body.assessments);
});
after(() => server.stop());

async function download(language: string, query = "") {
  const path = `/patients/${patientId}/export${query}`;
  const answer = await fetch(`${server.origin}/api${path}`, { headers: { ...as("care_provider"), "accept-language": language } });
  // The byte-order mark needs the raw bytes (text() drops it); the contract reads a copy.
  await checked(server.origin, "GET", path, answer.clone());
  assert.equal(answer.status, 200);
  assert.match(answer.headers.get("content-type")!, /^text\/csv; charset=utf-8/);
  assert.equal(answer.headers.get("content-disposition"), `attachment; filename="patient-${patientId}-history.csv"`);
  assert.equal(answer.headers.get("x-records-left-out"), "0", "a short history leaves nothing out");
  const bytes = Buffer.from(await answer.arrayBuffer());
  assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], "UTF-8 byte-order mark");
  return bytes.toString("utf8").slice(1);
}

/** [test, hand, metric, value, unit] of every measurement the seeded records hold. */
const ENGLISH_MEASUREMENTS = [
  ["Range of motion", "Left", "Overall score", "72", "/ 100"],
  ["Range of motion", "Left", "Wrist score", "80", "/ 100"],
  ["Range of motion", "Left", "Finger score", "65", "/ 100"],
  ["Range of motion", "Left", "Wrist extension", "60", "°"],
  ["Range of motion", "Left", "Wrist flexion", "70", "°"],
  // romBody's index MCP: minAngle 3, maxAngle 85, rom 82 — an extension deficit of 3°, written −3/85, arc 82°.
  ["Range of motion", "Left", "Index MCP extension", "-3", "°"],
  ["Range of motion", "Left", "Index MCP flexion", "85", "°"],
  ["Range of motion", "Left", "Index MCP arc", "82", "°"],
  ["Range of motion", "Left", "Index PIP extension", "-1", "°"],
  ["Range of motion", "Left", "Index PIP flexion", "95", "°"],
  ["Range of motion", "Left", "Index PIP arc", "94", "°"],
  // Worst pain as rated (6 of 10), never the wire's 100 × (1 − 6/10) = 40.
  ["Pain", "Both", "Worst pain", "6", "/ 10"],
  ["QuickDASH questionnaire", "Right", "QuickDASH disability", "2.27", "/ 100"],
  ["QuickDASH questionnaire", "Right", "Items answered", "11", ""],
];

const SPANISH_MEASUREMENTS = [
  ["Amplitud de movimiento", "Izquierda", "Puntuación global", "72", "/ 100"],
  ["Amplitud de movimiento", "Izquierda", "Puntuación de muñeca", "80", "/ 100"],
  ["Amplitud de movimiento", "Izquierda", "Puntuación de dedos", "65", "/ 100"],
  ["Amplitud de movimiento", "Izquierda", "Extensión de muñeca", "60", "°"],
  ["Amplitud de movimiento", "Izquierda", "Flexión de muñeca", "70", "°"],
  ["Amplitud de movimiento", "Izquierda", "Índice MCF: extensión", "-3", "°"],
  ["Amplitud de movimiento", "Izquierda", "Índice MCF: flexión", "85", "°"],
  ["Amplitud de movimiento", "Izquierda", "Índice MCF: arco", "82", "°"],
  ["Amplitud de movimiento", "Izquierda", "Índice IFP: extensión", "-1", "°"],
  ["Amplitud de movimiento", "Izquierda", "Índice IFP: flexión", "95", "°"],
  ["Amplitud de movimiento", "Izquierda", "Índice IFP: arco", "94", "°"],
  ["Dolor", "Ambas", "Dolor máximo", "6", "/ 10"],
  ["Cuestionario QuickDASH", "Derecha", "Discapacidad QuickDASH", "2,27", "/ 100"],
  ["Cuestionario QuickDASH", "Derecha", "Ítems respondidos", "11", ""],
];

function table(text: string, separator: string) {
  const [header, ...rows] = parse(text, { delimiter: separator, bom: true }) as string[][];
  for (const row of rows) assert.equal(row.length, header!.length, `a full row: ${row.join("|")}`);
  return { header: header!, rows };
}

function assertEveryMeasurementOnce(rows: string[][], expected: string[][]) {
  // test, hand, metric, value, unit are columns 3-7.
  const seen = rows.map((row) => row.slice(3, 8).join("|"));
  for (const measurement of expected) {
    const key = measurement.join("|");
    assert.equal(seen.filter((row) => row === key).length, 1, `${key} once among:\n${seen.join("\n")}`);
  }
  assert.equal(rows.length, expected.length, "no other rows");
}

test("a clinician downloads the history as a tidy CSV: every measurement once, on its own scale with its unit", async () => {
  const { header, rows } = table(await download("en-GB", "?timeZone=Europe/Madrid"), ",");
  assert.deepEqual(header, [
    "Record no.",
    "Local date and time",
    "UTC timestamp",
    "Test",
    "Hand",
    "Metric",
    "Value",
    "Unit",
    "Direction",
    "Measurement quality",
    "Result code",
  ]);
  assertEveryMeasurementOnce(rows, ENGLISH_MEASUREMENTS);
  for (const row of rows) {
    assert.equal(row[0], String(patientId));
    const record = records.find((r) => r.code.replace("-", "") === row[10]!.replace("-", ""))!;
    assert.ok(record, `a result code of the patient: ${row[10]}`);
    assert.equal(row[2], record.dateCreated, "the UTC instant, ISO 8601");
    assert.match(row[1]!, /^\d{4}-\d\d-\d\d \d\d:\d\d Europe\/Madrid$/);
  }
  const rom = rows.find((row) => row[5] === "Overall score")!;
  assert.equal(rom[9], "Lighting: Good, 93.3 % valid frames");
  assert.equal(rom[8], "higher is better");
  const pain = rows.find((row) => row[5] === "Worst pain")!;
  assert.deepEqual([pain[8], pain[9]], ["lower is better", ""], "no camera, no measurement quality");
});

test("in Spanish: Spanish headers and words, decimal commas and `;` between cells", async () => {
  const text = await download("es-ES,es;q=0.9");
  assert.ok(text.split("\r\n")[0]!.includes(";"), "semicolons");
  const { header, rows } = table(text, ";");
  assert.deepEqual(header, [
    "N.º de historia",
    "Fecha y hora local",
    "Marca de tiempo UTC",
    "Prueba",
    "Mano",
    "Medida",
    "Valor",
    "Unidad",
    "Sentido",
    "Calidad de la medición",
    "Código del resultado",
  ]);
  assertEveryMeasurementOnce(rows, SPANISH_MEASUREMENTS);
  assert.match(rows[0]![1]!, / UTC$/, "UTC without a time zone");
  assert.equal(rows.find((row) => row[5] === "Puntuación global")![9], "Iluminación: Buena, 93,3 % de fotogramas válidos");
});

test("nobody else's: not another existing patient's history, none of their rows in this one, no anonymous caller; a bad id or time zone is a 400 naming it", async () => {
  // The mock user of development mode ("Bearer development" without a persona) is another patient,
  // whose record is not shared with the clinic.
  const other = { headers: { authorization: "Bearer development" } };
  const theirs = await api().post<{ formattedCode: string; code: string }>("/assessments/rom", romBody, other);
  assert.equal(theirs.status, 201);
  const them = (await api().get<{ id: number }>("/patients/me", other)).body;
  assert.notEqual(them.id, patientId);
  assert.equal((await api().get(`/patients/${them.id}/export`, { headers: as("care_provider") })).status, 404);
  assert.equal((await api().get(`/patients/${them.id}/export`, { headers: as("patient") })).status, 404);
  const mine = await download("en");
  assert.ok(
    !mine.includes(theirs.body.code) && !mine.includes(theirs.body.formattedCode),
    "another patient's record is in this patient's history",
  );

  assert.equal((await api().get(`/patients/${patientId}/export`, { headers: as("anonymous") })).status, 401);
  assert.equal((await api().get(`/patients/${patientId + 100000}/export`, { headers: as("care_provider") })).status, 404);
  assert.equal((await api().get(`/patients/${patientId}/export`, { headers: as("care_provider_2") })).status, 404);
  const bad = await api().get<{ field: string }>("/patients/abc/export", { headers: as("care_provider") });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.field, "id");
  const zone = await api().get<{ field: string }>(`/patients/${patientId}/export?timeZone=Mars/Olympus`, { headers: as("care_provider") });
  assert.equal(zone.status, 400);
  assert.equal(zone.body.field, "timeZone");
});
