import { z } from "zod";
import { requiredText, text } from "@/lib/api/text";
import { endpoint } from "@/lib/api/endpoint";
import { LeadInterest, LeadType } from "@/lib/generated/prisma/enums.ts";

/** Web forms send "" for a text field left blank; that is "not given" (an enumeration has no blank value). */
const blankAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema.optional());

export const LEAD_MESSAGE_MAX = 4000;

export const developerLeadInput = z.object({
  type: z.enum(LeadType).default("STAY_IN_TOUCH").describe("What the visitor asks for; default STAY_IN_TOUCH"),
  name: requiredText("is required").max(200),
  email: z.preprocess((value) => (typeof value === "string" ? value.trim() : value), z.email("must be a valid e-mail address").max(320)),
  company: blankAsMissing(text().trim().max(200)),
  interest: z.enum(LeadInterest).optional(),
  message: blankAsMissing(text().trim().max(LEAD_MESSAGE_MAX, `must be at most ${LEAD_MESSAGE_MAX} characters`)),
  website: text().optional().describe("Honeypot: people leave it empty; a filled one is absorbed without effect"),
});

export const developerLeadResponse = z.object({
  received: z.literal(true),
  sent: z.boolean().describe("Whether the lead was e-mailed to the team; it is stored either way"),
  message: z.string(),
});

export const developerLeadEndpoint = endpoint({
  method: "POST",
  path: "/leads/developer",
  operationId: "submitDeveloperLead",
  requestExample: {
    type: "DEMO",
    name: "Ada Lovelace",
    email: "ada@example.com",
    company: "Analytical Engines",
    interest: "FHIR",
    message: "We would like to read the scores into our EHR.",
  },
  summary: "Developer-site contact form: store the lead and e-mail it to the team",
  tag: "Leads",
  auth: "none",
  body: developerLeadInput,
  limits: ["write"],
  responses: [
    { status: 201, description: "Lead received (stored; sent says whether the e-mail went out)", schema: developerLeadResponse },
    { status: 400, description: "Validation error; field names the offending input" },
  ],
});
