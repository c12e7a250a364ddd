import { handle } from "@/lib/http/route";
import { markReviewed } from "@/lib/patients/reviews";
import { patientReviewEndpoint } from "@/lib/patients/schemas";

export const POST = handle(patientReviewEndpoint, async ({ params, caller, body }) => markReviewed(caller, params.id, body));
