import { handle } from "@/lib/http/route";
import { markReviewed } from "@/lib/patients/list";
import { patientReviewEndpoint } from "@/lib/patients/schemas";

// The role guard runs before the handler: user is a care provider or an admin here.
export const POST = handle(patientReviewEndpoint, async ({ params, user }) => markReviewed(params.id, user!.sub), {
  audit: { action: "mark_reviewed", patient: "params.id" },
});
