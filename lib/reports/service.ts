// Reports: 1-20 assessments bundled by code under a shareable report code, read back with
// their snapshots, rendered to PDF, e-mailed, and explained in plain language.
import { ApiError, badRequest, notFound } from "@/lib/api/errors";
import { isLive, SHOWN_RECORD } from "@/lib/assessments/live";
import { readType } from "@/lib/assessments/types";
import { auditReportMade, auditShown, openPatient } from "@/lib/access";
import { actorRole, type AccessContext } from "@/lib/audit";
import { formatCode, withFreshCode } from "@/lib/codes";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/messages";
import { logger } from "@/lib/log";
import { MailError, sendMail } from "@/lib/mail";
import { renderPdf } from "@/lib/pdf/pool";
import { countCodeLookups, countCodeMisses, countMail } from "@/lib/rate-limit";
import { UTC_CLOCK, type Clock } from "@/lib/report-view/clock";
import { formatDateTime } from "@/lib/report-view/present";
import type { JointResult, ReportOwners, ReportView } from "@/lib/report-view/schemas";
import { generateExplanation } from "@/lib/reports/explain";
import { MAX_REPORT_ASSESSMENTS, type CreatePatientReportInput, type CreateReportInput } from "@/lib/reports/schemas";

const REPORT_SELECT = {
  code: true,
  title: true,
  createdAt: true,
  ownerId: true,
  creatorRole: true,
  viewCount: true,
  aiExplanation: true,
  explanationSource: true,
  owner: { select: { name: true, profile: { select: { dateOfBirth: true, surgeryDate: true, surgeryType: true } } } },
  named: true,
  recordPatientId: true,
  recordPatient: {
    select: {
      name: true,
      profile: {
        select: { dateOfBirth: true, surgeryDate: true, surgeryType: true, injury: true, affectedHand: true, dominantHand: true },
      },
    },
  },
  creatorClinic: { select: { name: true } },
  items: {
    orderBy: { position: "asc" },
    select: {
      assessment: {
        select: {
          ...SHOWN_RECORD,
          rom: {
            select: {
              handResults: {
                orderBy: { id: "asc" },
                select: {
                  hand: true,
                  jointResults: {
                    orderBy: { position: "asc" },
                    select: {
                      finger: true,
                      jointType: true,
                      minAngle: true,
                      maxAngle: true,
                      rom: true,
                      normalRangeMin: true,
                      normalRangeMax: true,
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
} satisfies Prisma.ReportSelect;

type ReportRow = Prisma.ReportGetPayload<{ select: typeof REPORT_SELECT }>;

type RowAssessment = ReportRow["items"][number]["assessment"];

const WEEK_MS = 7 * 86_400_000;

const isoDay = (date: Date | null | undefined) => (date ? date.toISOString().slice(0, 10) : null);

/** Who the records belong to: one account, several, or none (anonymous records). */
function owners(assessments: RowAssessment[]): ReportOwners {
  const accounts = new Set(assessments.filter((a) => a.owner.kind !== "ANONYMOUS").map((a) => a.ownerId)).size;
  const anonymousRecords = assessments.filter((a) => a.owner.kind === "ANONYMOUS").length;
  const status =
    assessments.length === 0 ? "none" : accounts === 0 ? "anonymous" : accounts === 1 && anonymousRecords === 0 ? "single" : "mixed";
  return { status, accounts, anonymousRecords };
}

const ownedBy = (assessments: RowAssessment[], contactId: number | null) =>
  contactId !== null && assessments.length > 0 && assessments.every((a) => a.ownerId === contactId);

/** Who the records belong to, for a reader who owns none or only some: anonymous records, and accounts left uncounted. */
function unstated(assessments: RowAssessment[]): ReportOwners {
  const known = owners(assessments);
  return known.accounts === 0 ? known : { status: "unstated", accounts: null, anonymousRecords: known.anonymousRecords };
}

function joints(a: RowAssessment): JointResult[] {
  return (a.rom?.handResults ?? []).flatMap((hand) =>
    hand.jointResults.map((joint) => ({
      hand: hand.hand,
      finger: joint.finger,
      jointType: joint.jointType,
      minAngle: joint.minAngle,
      maxAngle: joint.maxAngle,
      rom: joint.rom,
      normalRange:
        joint.normalRangeMin !== null && joint.normalRangeMax !== null
          ? ([joint.normalRangeMin, joint.normalRangeMax] as [number, number])
          : null,
    })),
  );
}

/** The creator kind of a report's JSON, from the role recorded at creation (lib/audit actorRole). */
function createdBy(role: string): ReportView["createdBy"] {
  if (role === "anonymous") return "anonymous";
  return role === "care_provider" || role === "admin" ? "staff" : "patient";
}

/**
 * Whose name and profile the report shows: only when the person who made the report owns every
 * record in it, or when staff who could read the patient made it for them (named): codes alone
 * must not reveal whose records they are.
 */
function shownPerson(row: ReportRow, assessments: RowAssessment[]) {
  const ownedByCreator = row.ownerId !== null && assessments.length > 0 && assessments.every((a) => a.ownerId === row.ownerId);
  const named =
    row.named && row.recordPatientId !== null && assessments.length > 0 && assessments.every((a) => a.ownerId === row.recordPatientId);
  const person = named ? row.recordPatient : ownedByCreator ? row.owner : null;
  return { named, ownedByCreator, person };
}

/** The chart lines of a named report: record number, diagnosis, hands, weeks since surgery, who made it where. */
function clinicalView(row: ReportRow, surgery: Date | null): ReportView["clinical"] {
  const chart = row.recordPatient?.profile;
  return {
    recordNumber: String(row.recordPatientId),
    diagnosis: chart?.injury ?? null,
    affectedHand: chart?.affectedHand ?? null,
    dominantHand: chart?.dominantHand ?? null,
    weeksSinceSurgery: surgery ? Math.floor((row.createdAt.getTime() - surgery.getTime()) / WEEK_MS) : null,
    clinician: row.owner?.name ?? null,
    clinic: row.creatorClinic?.name ?? null,
  };
}

function assessmentView(a: RowAssessment, surgery: Date | null): ReportView["assessments"][number] {
  return {
    code: a.code,
    formattedCode: formatCode(a.code),
    assessmentType: readType(a.assessmentType),
    hand: a.hand,
    dateCreated: a.dateCreated.toISOString(),
    resultSnapshot:
      a.resultSnapshot && typeof a.resultSnapshot === "object" && !Array.isArray(a.resultSnapshot)
        ? (a.resultSnapshot as Record<string, unknown>)
        : {},
    results: { joints: joints(a) },
    weeksSinceSurgery: surgery ? Math.floor((a.dateCreated.getTime() - surgery.getTime()) / WEEK_MS) : null,
  };
}

/**
 * The report as `reader` (a patient's contact id, when one asks) sees it. Whether records bundled
 * from codes belong to one account is said only to someone who owns them all (the creator, when
 * the name shows anyway, or the reader): to anyone else it would link codes to one person.
 */
function toView(row: ReportRow, reader: number | null = null): ReportView {
  const now = new Date();
  const assessments = row.items
    .map((item) => item.assessment)
    .filter((a) => isLive(a, now))
    .sort((a, b) => a.dateCreated.getTime() - b.dateCreated.getTime());
  const { named, ownedByCreator, person } = shownPerson(row, assessments);
  const profile = person?.profile;
  const surgery = profile?.surgeryDate ?? null;
  return {
    code: row.code,
    formattedCode: formatCode(row.code),
    title: row.title,
    createdBy: createdBy(row.creatorRole),
    createdAt: row.createdAt.toISOString(),
    patientName: person ? (person.name ?? null) : null,
    patient: person
      ? {
          name: person.name ?? null,
          dateOfBirth: isoDay(profile?.dateOfBirth),
          surgeryDate: isoDay(surgery),
          surgeryType: profile?.surgeryType ?? null,
        }
      : null,
    clinical: named ? clinicalView(row, surgery) : null,
    owners: named || ownedByCreator || ownedBy(assessments, reader) ? owners(assessments) : unstated(assessments),
    viewCount: row.viewCount,
    assessments: assessments.map((a) => assessmentView(a, surgery)),
    aiExplanation: row.aiExplanation,
    explanationSource: row.explanationSource === "ai" || row.explanationSource === "fallback" ? row.explanationSource : null,
  };
}

/** The patients whose records a report shows (anonymous and staff owners are not patients). */
function ownerPatients(row: ReportRow): number[] {
  const now = new Date();
  return row.items
    .map((item) => item.assessment)
    .filter((a) => isLive(a, now) && a.owner.kind === "PATIENT")
    .map((a) => a.ownerId);
}

/** One answer for any batch with an unknown code: how many (or which) would let a batch be bisected. */
const UNKNOWN_CODES = "One or more codes are unknown, expired or not shareable; check them and try again";

/**
 * Every listed code is a code lookup, and every unknown one a miss, like on the lookup routes:
 * a report must not be a faster way to test codes. The answer never says how many codes, or
 * which, were unknown.
 */
export async function createReport(input: CreateReportInput, caller: AccessContext) {
  const { user, limits } = caller;
  const total = input.assessmentCodes.length;
  await countCodeLookups(limits.key, total, limits.site);
  const now = new Date();
  const found = await db().assessment.findMany({
    // A sample ("Try a sample result") is never bundled: it would read as a measurement there.
    where: { code: { in: input.assessmentCodes }, isSample: false },
    select: { id: true, code: true, expiresAt: true, ownerId: true, isAnonymous: true, owner: { select: { kind: true } } },
  });
  const live = found.filter((a) => isLive(a, now));
  const byCode = new Map(live.map((a) => [a.code, a.id]));
  const unknown = input.assessmentCodes.filter((code) => !byCode.has(code)).length;
  if (unknown) {
    await countCodeMisses(limits.key, unknown, limits.site);
    throw badRequest(UNKNOWN_CODES, "assessmentCodes");
  }
  const patients = live.filter((a) => !a.isAnonymous && a.owner.kind === "PATIENT").map((a) => a.ownerId);
  const onePatient = patients.length === live.length && new Set(patients).size === 1 ? patients[0]! : null;
  const record = await auditReportMade(caller, patients, onePatient);
  const report = await withFreshCode((code) =>
    db().report.create({
      data: {
        code,
        title: input.title,
        ownerId: user?.contactId ?? null,
        creatorSub: user?.sub ?? null,
        creatorRole: actorRole(user),
        recordPatientId: record?.patientId ?? null,
        creatorClinicId: record?.clinicId ?? null,
        items: {
          create: input.assessmentCodes.map((assessmentCode, position) => ({ assessmentId: byCode.get(assessmentCode)!, position })),
        },
      },
      select: { code: true, title: true, createdAt: true },
    }),
  );
  return {
    code: report.code,
    formattedCode: formatCode(report.code),
    title: report.title,
    createdAt: report.createdAt.toISOString(),
    assessmentCount: total,
  };
}

const DAY_MS = 86_400_000;

/** The patient's own live results a clinician's report bundles, in the order asked (ids) or oldest first (a range). */
async function chosenResults(patientId: number, input: CreatePatientReportInput): Promise<number[]> {
  const now = new Date();
  const own = { ownerId: patientId, isSample: false };
  const select = { id: true, expiresAt: true } as const;
  if (input.assessmentIds) {
    const found = await db().assessment.findMany({ where: { ...own, id: { in: input.assessmentIds } }, select });
    const live = new Set(found.filter((a) => isLive(a, now)).map((a) => a.id));
    // Unknown ids and other patients' are one answer: an id the caller cannot read does not exist.
    const missing = input.assessmentIds.filter((id) => !live.has(id));
    if (missing.length) throw badRequest(`not results of this patient: ${missing.slice(0, 5).join(", ")}`, "assessmentIds");
    return input.assessmentIds;
  }
  const from = new Date(`${input.from}T00:00:00Z`);
  const to = new Date(Date.parse(`${input.to}T00:00:00Z`) + DAY_MS);
  const found = await db().assessment.findMany({
    where: { ...own, dateCreated: { gte: from, lt: to } },
    orderBy: [{ dateCreated: "asc" }, { id: "asc" }],
    take: MAX_REPORT_ASSESSMENTS + 1,
    select,
  });
  const live = found.filter((a) => isLive(a, now)).map((a) => a.id);
  if (live.length === 0) throw badRequest("the patient has no results between from and to", "from");
  if (live.length > MAX_REPORT_ASSESSMENTS) {
    throw badRequest(`more than ${MAX_REPORT_ASSESSMENTS} results in this range: narrow it or choose the results`, "from");
  }
  return live;
}

/**
 * A report staff make for a patient they may read (lib/access: the care team, or the service
 * admin), audited as made with the patient's name: it enters the patient's record and is headed
 * with their name and clinical context, and the clinician and clinic who made it.
 */
export async function createPatientReport(caller: AccessContext, patientId: number, input: CreatePatientReportInput, language: Locale) {
  const patient = await openPatient(caller, patientId, "patient_report_made");
  const ids = await chosenResults(patient.patientId, input);
  const report = await withFreshCode((code) =>
    db().report.create({
      data: {
        code,
        title: input.title ?? translator(language)("pdf.clinicianTitle"),
        ownerId: caller.user!.contactId,
        creatorSub: caller.user!.sub,
        creatorRole: actorRole(caller.user),
        recordPatientId: patient.patientId,
        creatorClinicId: patient.clinicId,
        named: true,
        items: { create: ids.map((assessmentId, position) => ({ assessmentId, position })) },
      },
      select: { code: true, title: true, createdAt: true },
    }),
  );
  return {
    code: report.code,
    formattedCode: formatCode(report.code),
    title: report.title,
    createdAt: report.createdAt.toISOString(),
    assessmentCount: ids.length,
  };
}

const NOT_FOUND = "No report has this code";

function isRecordNotFound(error: unknown): boolean {
  return (error as { code?: unknown })?.code === "P2025";
}

/** The report for a reader: one UPDATE counts the view (atomic under concurrent reads); the owners of its records see it in their audit trail. */
export async function viewReport(code: string, caller: AccessContext): Promise<ReportView> {
  let row: ReportRow;
  try {
    row = await db().report.update({ where: { code }, data: { viewCount: { increment: 1 } }, select: REPORT_SELECT });
  } catch (error) {
    if (isRecordNotFound(error)) throw notFound(NOT_FOUND);
    throw error;
  }
  await auditShown(caller, ownerPatients(row), "report_view");
  return toView(row, caller.user?.kind === "PATIENT" ? caller.user.contactId : null);
}

async function loadRow(code: string): Promise<ReportRow> {
  const row = await db().report.findUnique({ where: { code }, select: REPORT_SELECT });
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** The public page of a report: FRONTEND_URL + /r/AAA-BBB. */
export function shareUrl(code: string): string {
  return `${env().FRONTEND_URL.replace(/\/+$/, "")}/r/${formatCode(code)}`;
}

export function pdfFilename(code: string): string {
  return `hand-report-${formatCode(code)}.pdf`;
}

/**
 * The report's PDF in `language` (the asker's: whoever fetches it reads it, creator or recipient);
 * `cached` when it was served from the PDF cache rather than rendered now.
 */
export async function reportPdf(
  code: string,
  caller: AccessContext,
  clock: Clock = UTC_CLOCK,
  language: Locale = DEFAULT_LOCALE,
): Promise<{ filename: string; bytes: Buffer; cached: boolean }> {
  const row = await loadRow(code);
  const { bytes, cached } = await renderPdf(toView(row), shareUrl(code), caller.limits.key, clock, language);
  logger.debug({ reqId: caller.requestId, pdfCache: cached ? "hit" : "miss" }, "report pdf");
  await auditShown(caller, ownerPatients(row), "report_pdf");
  return { filename: pdfFilename(code), bytes, cached };
}

/**
 * The PDF of the report with this code for a caller whose access the caller's service already
 * decided and audited (the FHIR Binary read, through lib/access): rendered, or served from the
 * cache, like GET /reports/:code/pdf.
 */
export async function renderReportPdf(code: string, client: string): Promise<Buffer> {
  return (await renderPdf(toView(await loadRow(code)), shareUrl(code), client)).bytes;
}

/**
 * The report's e-mail in `locale`: a subject naming the code (and the patient, when the report
 * names one), and the same lines as text and as HTML.
 */
function reportEmail(report: ReportView, link: string, caller: AccessContext, clock: Clock, locale: Locale) {
  const t = translator(locale);
  const service = t("email.serviceName");
  const why = t("email.report.why", {
    sender: sharedBy(caller) ?? t("email.report.anonymous"),
    service,
    count: report.assessments.length,
    code: report.formattedCode,
    made: formatDateTime(report.createdAt, clock),
  });
  // The person the report is about, when it names one; the sender is whoever signed in to send it.
  const patient = report.patient?.name ?? null;
  const about = patient ? t("email.report.about", { patient }) : null;
  const footer = t("email.report.footer", { host: new URL(link).host });
  const dates = t("email.report.dates", { zone: clock.timeZone.replace(/_/g, " ") });
  const text = [
    t("email.hello"),
    ``,
    why,
    ...(about ? [about] : []),
    t("email.report.attached", { link }),
    dates,
    ``,
    t("email.disclaimer"),
    ``,
    service,
    footer,
  ].join("\n");
  const html = [
    `<p>${escapeHtml(t("email.hello"))}</p>`,
    `<p>${escapeHtml(why)}</p>`,
    ...(about ? [`<p>${escapeHtml(about)}</p>`] : []),
    `<p>${escapeHtml(t("email.report.pdfAttached"))} <a href="${escapeHtml(link)}">${escapeHtml(t("email.report.viewOnline"))}</a>.</p>`,
    `<p>${escapeHtml(dates)}</p>`,
    `<p style="color:#5b6673;font-size:12px">${escapeHtml(t("email.disclaimer"))}</p>`,
    `<p>${escapeHtml(service)}</p>`,
    `<p style="color:#5b6673;font-size:12px">${escapeHtml(footer)}</p>`,
  ].join("\n");
  const subject = patient
    ? t("email.report.subjectNamed", { patient, code: report.formattedCode, service })
    : t("email.report.subject", { code: report.formattedCode, service });
  return { subject, text, html };
}

/**
 * E-mails the PDF and the link. The Subject and the text carry nothing the caller chose (the
 * title stays inside the PDF): the message cannot be turned into spam or phishing in the
 * clinic's name. It says which service sent it, on whose request and why.
 */
export async function emailReport(
  code: string,
  to: string,
  caller: AccessContext,
  clock: Clock = UTC_CLOCK,
  locale: Locale = DEFAULT_LOCALE,
): Promise<{ success: boolean; sent: boolean; message: string }> {
  const row = await loadRow(code);
  await countMail(caller.limits.key, to);
  const report = toView(row);
  const link = shareUrl(code);
  // The attachment speaks the e-mail's language.
  const { bytes: pdf } = await renderPdf(report, link, caller.limits.key, clock, locale);
  const { subject, text, html } = reportEmail(report, link, caller, clock, locale);
  try {
    const result = await sendMail(
      { to, subject, text, html, attachments: [{ filename: pdfFilename(code), content: pdf, contentType: "application/pdf" }] },
      "report-email",
    );
    if (result.sent) await auditShown(caller, ownerPatients(row), "report_email");
    return result.sent
      ? { success: true, sent: true, message: `Sent to ${to}, with the PDF attached.` }
      : {
          success: true,
          sent: false,
          message: "E-mail is not configured on this server, so nothing was sent. Download the PDF or share the link instead.",
        };
  } catch (error) {
    if (error instanceof MailError) throw new ApiError(500, "The mail service failed to send the report", { code: "MAIL_FAILED" });
    throw error;
  }
}

/** Who asked for the e-mail, as the recipient reads it: their name and address when signed in. */
/** Who asked for the e-mail, as the recipient reads it; null when they did not sign in. */
function sharedBy(caller: AccessContext): string | null {
  const name = caller.user?.name?.trim();
  const email = caller.user?.email?.trim();
  if (name && email) return `${name} (${email})`;
  return name || email || null;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

type Explanation = { explanation: string; source: "ai" | "fallback" };

/** Explanations being made, by report code: concurrent requests for one report share one model call. */
const explaining = new Map<string, Promise<Explanation>>();

/**
 * Explains the report and stores the text. A stored model explanation is returned as it is (the
 * bundle does not change, and each model call costs); a stored template one is retried. The
 * explanation tells the patients' scores and pain in words: each answer is in their audit trail.
 */
export async function explainReport(code: string, caller: AccessContext): Promise<Explanation> {
  const row = await loadRow(code);
  const explanation = await explanationOf(code, toView(row));
  await auditShown(caller, ownerPatients(row), "report_explained");
  return explanation;
}

async function explanationOf(code: string, report: ReportView): Promise<Explanation> {
  if (report.aiExplanation && report.explanationSource === "ai") return { explanation: report.aiExplanation, source: "ai" };
  let pending = explaining.get(code);
  if (!pending) {
    pending = (async () => {
      const result = await generateExplanation(report);
      await db().report.update({ where: { code }, data: { aiExplanation: result.explanation, explanationSource: result.source } });
      return result;
    })().finally(() => explaining.delete(code));
    explaining.set(code, pending);
  }
  return pending;
}
