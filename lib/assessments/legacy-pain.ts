import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { legacyPainInput } from "@/lib/assessments/schemas";

/** The legacy pain rating is not stored: the spec asks only for an echo with an id. */
export function acceptLegacyPainRating(input: z.output<typeof legacyPainInput>) {
  return { ...input, id: randomUUID(), dateCreated: new Date().toISOString(), isComplete: true };
}
