import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";

// ---------- legacy pain rating (in-memory only, spec: "Resource: legacy pain rating") ----------

export const legacyPainInput = z.object({
  painRating: z.number().min(0).max(10),
  isTakingMedication: z.boolean().optional(),
  isElevating: z.boolean().optional(),
  isResting: z.boolean().optional(),
  isTakingAcetaminophen: z.boolean().optional(),
  isTakingIbuprofen: z.boolean().optional(),
  isTakingNarcotics: z.boolean().optional(),
  otherMedications: z.string().max(2000).optional(),
  comments: z.string().max(4000).optional(),
});

export const legacyPainResponse = legacyPainInput.extend({
  id: z.uuid(),
  dateCreated: z.iso.datetime(),
  isComplete: z.boolean(),
});

export const legacyPainEndpoint = endpoint({
  method: "POST",
  path: "/assessments/pain",
  summary: "Legacy pain rating (not persisted): echoes the rating with an id",
  tag: "Assessments",
  auth: "none",
  body: legacyPainInput,
  responses: [
    { status: 201, description: "The submitted rating with id, dateCreated and isComplete", schema: legacyPainResponse },
    { status: 400, description: "painRating missing or outside 0-10" },
  ],
});
