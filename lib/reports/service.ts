// Reports: 1-20 assessments bundled by code under a shareable report code, read back with
// their snapshots, rendered to PDF, e-mailed, and explained in plain language.
import { ApiError, badRequest, notFound } from "@/lib/api/errors";
import { readType } from "@/lib/assessments/read";
import { recordAccess, type AccessContext } from "@/lib/audit";
import type { AuthUser } from "@/lib/auth/guard";
import { formatCode, withFreshCode } from "@/lib/codes";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { MailError, sendMail } from "@/lib/mail";
import { renderReportPdf } from "@/lib/pdf/render";
import { generateExplanation } from "@/lib/reports/explain";
import { DISCLAIMER } from "@/lib/reports/present";
import type { CreateReportInput, ReportView } from "@/lib/reports/schemas";

const REPORT_SELECT = {
  code: true,
  title: true,
  createdAt: true,
  ownerId: true,
  viewCount: true,
  aiExplanation: true,
  explanationSource: true,
  owner: { select: { name: true } },
  items: {
    orderBy: { position: "asc" },
    select: {
      assessment: {
        select: { code: true, assessmentType: true, hand: true, dateCreated: true, resultSnapshot: true, ownerId: true, expiresAt: true },
      },
    },
  },
} satisfies Prisma.ReportSelect;

type ReportRow = Prisma.ReportGetPayload<{ select: typeof REPORT_SELECT }>;

const isLive = (expiresAt: Date | null, now: Date) => expiresAt === null || expiresAt > now;

function toView(row: ReportRow): ReportView {
  const now = new Date();
  const assessments = row.items.map((item) => item.assessment).filter((a) => isLive(a.expiresAt, now));
  // The name only appears when the person who made the report owns every record in it: codes
  // alone must not reveal whose records they are.
  const ownedByCreator = row.ownerId !== null && assessments.length > 0 && assessments.every((a) => a.ownerId === row.ownerId);
  return {
    code: row.code,
    formattedCode: formatCode(row.code),
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    patientName: ownedByCreator ? (row.owner?.name ?? null) : null,
    viewCount: row.viewCount,
    assessments: assessments.map((a) => ({
      code: a.code,
      formattedCode: formatCode(a.code),
      assessmentType: readType(a.assessmentType),
      hand: a.hand,
      dateCreated: a.dateCreated.toISOString(),
      resultSnapshot: a.resultSnapshot && typeof a.resultSnapshot === "object" && !Array.isArray(a.resultSnapshot) ? (a.resultSnapshot as Record<string, unknown>) : {},
    })),
    aiExplanation: row.aiExplanation,
    explanationSource: row.explanationSource === "ai" || row.explanationSource === "fallback" ? row.explanationSource : null,
  };
}

export async function createReport(input: CreateReportInput, user: AuthUser | null) {
  const now = new Date();
  const found = await db().assessment.findMany({
    where: { code: { in: input.assessmentCodes } },
    select: { id: true, code: true, expiresAt: true },
  });
  const byCode = new Map(found.filter((a) => isLive(a.expiresAt, now)).map((a) => [a.code, a.id]));
  const unknown = input.assessmentCodes.filter((code) => !byCode.has(code));
  if (unknown.length) {
    throw badRequest(`No assessment (or an expired one) for code(s) ${unknown.map(formatCode).join(", ")}`, "assessmentCodes");
  }
  const report = await withFreshCode((code) =>
    db().report.create({
      data: {
        code,
        title: input.title,
        ownerId: user?.contactId ?? null,
        items: { create: input.assessmentCodes.map((assessmentCode, position) => ({ assessmentId: byCode.get(assessmentCode)!, position })) },
      },
      select: { code: true, title: true, createdAt: true },
    }),
  );
  return {
    code: report.code,
    formattedCode: formatCode(report.code),
    title: report.title,
    createdAt: report.createdAt.toISOString(),
    assessmentCount: input.assessmentCodes.length,
  };
}

const NOT_FOUND = "No report has this code";

function isRecordNotFound(error: unknown): boolean {
  return (error as { code?: unknown })?.code === "P2025";
}

/** The report for a reader: one UPDATE counts the view (atomic under concurrent reads). */
export async function viewReport(code: string): Promise<ReportView> {
  try {
    const row = await db().report.update({ where: { code }, data: { viewCount: { increment: 1 } }, select: REPORT_SELECT });
    return toView(row);
  } catch (error) {
    if (isRecordNotFound(error)) throw notFound(NOT_FOUND);
    throw error;
  }
}

/** The report without counting a view (PDF, e-mail, explanation). */
export async function loadReport(code: string): Promise<ReportView> {
  const row = await db().report.findUnique({ where: { code }, select: REPORT_SELECT });
  if (!row) throw notFound(NOT_FOUND);
  return toView(row);
}

/** The public page of a report: FRONTEND_URL + /r/AAA-BBB. */
export function shareUrl(code: string): string {
  return `${env().FRONTEND_URL.replace(/\/+$/, "")}/r/${formatCode(code)}`;
}

export function pdfFilename(code: string): string {
  return `hand-report-${formatCode(code)}.pdf`;
}

export async function reportPdf(code: string): Promise<{ filename: string; bytes: Buffer }> {
  const report = await loadReport(code);
  return { filename: pdfFilename(code), bytes: await renderReportPdf(report, shareUrl(code)) };
}

/** The patients whose assessments a report carries (anonymous owners are not patients). */
async function reportPatientIds(code: string): Promise<number[]> {
  const rows = await db().assessment.findMany({
    where: { reportItems: { some: { report: { code } } }, owner: { kind: "PATIENT" } },
    select: { ownerId: true },
    distinct: ["ownerId"],
  });
  return rows.map((row) => row.ownerId);
}

export async function emailReport(
  code: string,
  to: string,
  access: AccessContext,
): Promise<{ success: boolean; sent: boolean; message: string }> {
  const report = await loadReport(code);
  const link = shareUrl(code);
  const pdf = await renderReportPdf(report, link);
  const count = `${report.assessments.length} assessment${report.assessments.length === 1 ? "" : "s"}`;
  const text = [
    `Hello,`,
    ``,
    `Attached is the hand assessment report "${report.title}" (${count}).`,
    `View it online: ${link} (report code ${report.formattedCode}).`,
    ``,
    DISCLAIMER,
  ].join("\n");
  const html = [
    `<p>Hello,</p>`,
    `<p>Attached is the hand assessment report <strong>${escapeHtml(report.title)}</strong> (${count}).</p>`,
    `<p><a href="${escapeHtml(link)}">View it online</a> (report code ${report.formattedCode}).</p>`,
    `<p style="color:#5b6673;font-size:12px">${escapeHtml(DISCLAIMER)}</p>`,
  ].join("\n");
  try {
    const result = await sendMail(
      {
        to,
        subject: `Hand assessment report ${report.formattedCode}: ${report.title}`,
        text,
        html,
        attachments: [{ filename: pdfFilename(code), content: pdf, contentType: "application/pdf" }],
      },
      "report-email",
    );
    if (result.sent) {
      for (const patientId of await reportPatientIds(code)) await recordAccess(access, patientId, "report_email");
    }
    return result.sent
      ? { success: true, sent: true, message: `The report was sent with its PDF attached.` }
      : { success: true, sent: false, message: "E-mail is not configured on this server, so nothing was sent. Download the PDF or share the link instead." };
  } catch (error) {
    if (error instanceof MailError) throw new ApiError(500, "The mail service failed to send the report", { code: "MAIL_FAILED" });
    throw error;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/**
 * Explains the report and stores the text. A stored model explanation is returned as it is (the
 * bundle does not change, and each model call costs); a stored template one is retried.
 */
export async function explainReport(code: string): Promise<{ explanation: string; source: "ai" | "fallback" }> {
  const report = await loadReport(code);
  if (report.aiExplanation && report.explanationSource === "ai") return { explanation: report.aiExplanation, source: "ai" };
  const result = await generateExplanation(report);
  await db().report.update({ where: { code }, data: { aiExplanation: result.explanation, explanationSource: result.source } });
  return result;
}
