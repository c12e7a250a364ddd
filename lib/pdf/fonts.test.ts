// The PDF prints every character it is given: names and titles in CJK, Arabic, Hebrew, Cyrillic
// and Greek come back out of the PDF as the same text (pdftotext), every font is embedded and
// none of the text is set in Helvetica (pdffonts); the document's metadata is set (pdfinfo).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { FALLBACK_FONTS } from "@/lib/pdf/fonts";
import { renderReportPdf } from "@/lib/pdf/render";
import { sampleReport } from "@/lib/report-view/sample";
import type { ReportView } from "@/lib/report-view/schemas";

const SHARE_URL = "https://hand.example.org/r/RPT-234";
const POPPLER = spawnSync("pdftotext", ["-v"]).error
  ? "pdftotext/pdffonts/pdfinfo are missing: install the Debian package poppler-utils to run this test"
  : false;
const NOTO = FALLBACK_FONTS.filter((font) => !existsSync(font.regular)).map((font) => font.debianPackage);
const SKIP = POPPLER || (NOTO.length ? `Noto fonts are missing: install the Debian package(s) ${[...new Set(NOTO)].join(", ")}` : false);
if (SKIP) console.warn(`SKIPPED lib/pdf/fonts.test.ts: ${SKIP}`);

const NAMES = {
  Chinese: "王小明",
  Japanese: "山田さくら",
  Korean: "김민준",
  Arabic: "محمد",
  Hebrew: "דוד",
  Cyrillic: "Дмитрий Иванов",
  Greek: "Γιώργος Παπαδόπουλος",
};

function run(command: string, args: string[], input: Buffer): string {
  const result = spawnSync(command, args, { input });
  if (result.error) throw result.error;
  assert.equal(result.status, 0, result.stderr.toString());
  return result.stdout.toString("utf8");
}

/** Text as pdftotext gives it, in normal form (Arabic presentation forms back to letters) without direction marks. */
const plain = (text: string) => text.normalize("NFKC").replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "");

function report(): ReportView {
  const base = sampleReport(4, { patientName: `${NAMES.Chinese} ${NAMES.Cyrillic}` });
  return {
    ...base,
    title: `${NAMES.Japanese} · ${NAMES.Korean} · ${NAMES.Greek}`,
    aiExplanation: `Patient ${NAMES.Arabic} and ${NAMES.Hebrew} wrote notes.`,
    explanationSource: "fallback",
    assessments: base.assessments.map((item) =>
      item.assessmentType === "PAIN"
        ? { ...item, resultSnapshot: { ...item.resultSnapshot, comments: `${NAMES.Arabic} ${NAMES.Hebrew} ${NAMES.Chinese}` } }
        : item,
    ),
  };
}

test("names in CJK, Arabic, Hebrew, Cyrillic and Greek round-trip through the PDF, in embedded fonts", { skip: SKIP }, async () => {
  const bytes = await renderReportPdf(report(), SHARE_URL);
  const text = plain(run("pdftotext", ["-", "-"], bytes));
  for (const [script, name] of Object.entries(NAMES)) {
    for (const word of name.split(" ")) assert.ok(text.includes(word), `${script} "${word}" is in the PDF's text`);
  }

  const fonts = run("pdffonts", ["-"], bytes)
    .split("\n")
    .slice(2)
    .filter(Boolean)
    .map((line) => {
      const columns = line.trim().split(/\s+/);
      // name type... encoding emb sub uni object ID: emb is the fifth column from the end.
      return { name: columns[0]!, embedded: columns.at(-5) === "yes" };
    });
  assert.ok(fonts.length > 0, "pdffonts lists the fonts");
  for (const font of fonts) {
    assert.ok(font.embedded, `${font.name} is embedded`);
    assert.doesNotMatch(font.name, /Helvetica|Times|Courier/, "no standard (unembedded Latin) font");
  }
  assert.ok(
    fonts.some((font) => /NotoSansCJK/.test(font.name)),
    "CJK text is set in Noto Sans CJK",
  );
  assert.ok(
    fonts.some((font) => /DejaVuSansCondensed/.test(font.name)),
    "Latin text is set in DejaVu Sans Condensed",
  );
});

test("title, author, subject and language are set", { skip: POPPLER }, async () => {
  const bytes = await renderReportPdf(sampleReport(3), SHARE_URL);
  const info = run("pdfinfo", ["-"], bytes);
  assert.match(info, /^Title:\s+Right wrist recovery after distal radius fracture$/m);
  assert.match(info, /^Author:\s+Hand Assessment/m);
  assert.match(info, /^Subject:\s+Hand assessment report RPT-234: 3 assessments of Alex Example$/m);
  assert.match(bytes.toString("latin1"), /\/Lang \(en-GB\)/);
});

test("without the bundled font (the service started outside the project folder) the PDF still renders", { skip: SKIP }, () => {
  // A child process whose working folder has no lib/pdf/fonts: the bundled font is missing.
  const elsewhere = mkdtempSync(join(tmpdir(), "pdf-fonts-"));
  const project = process.cwd();
  const script = [
    `const { renderReportPdf } = await import(${JSON.stringify(join(project, "lib/pdf/render.ts"))});`,
    `const { sampleReport } = await import(${JSON.stringify(join(project, "lib/report-view/sample.ts"))});`,
    `process.stdout.write(await renderReportPdf(sampleReport(2, { patientName: "Дмитрий 王小明" }), "https://x.example/r/AAA-BBB"));`,
  ].join("\n");
  const child = spawnSync(process.execPath, ["--import", import.meta.resolve("tsx"), "--input-type=module", "-e", script], {
    cwd: elsewhere,
    env: { ...process.env, TSX_TSCONFIG_PATH: join(project, "tsconfig.json"), LOG_LEVEL: "silent" },
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.equal(child.status, 0, child.stderr.toString());
  assert.equal(child.stdout.subarray(0, 5).toString(), "%PDF-");
  const text = plain(run("pdftotext", ["-", "-"], child.stdout));
  assert.match(text, /Assessment details/);
  assert.ok(text.includes("王小明"), "CJK still prints in its Noto font");
});
