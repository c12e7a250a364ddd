// What a report shows, whatever carries it (the API's JSON, the /r page, the PDF, the e-mail and
// the explanation): the report's view and its assessments. The service (lib/reports) reads it
// from the database; the PDF renderer (lib/pdf) draws it.
import { z } from "zod";
import { shownRecord } from "@/lib/assessments/schemas";

export const reportAssessment = shownRecord;
export type ReportAssessment = z.infer<typeof reportAssessment>;

export const explanationSource = z.enum(["ai", "fallback"]);

export const reportView = z.object({
  code: z.string(),
  formattedCode: z.string(),
  title: z.string(),
  createdAt: z.iso.datetime(),
  patientName: z
    .string()
    .nullable()
    .describe("The owner's name when every record belongs to the person who made the report; otherwise null"),
  viewCount: z.number().int(),
  assessments: z.array(reportAssessment).describe("In the order given at creation; records that expired since are left out"),
  aiExplanation: z.string().nullable(),
  explanationSource: explanationSource.nullable(),
});
export type ReportView = z.infer<typeof reportView>;
