import { handle } from "@/lib/http/route";
import { markReviewed } from "@/lib/patients/list";
import { patientReviewEndpoint } from "@/lib/patients/schemas";

export const POST = handle(patientReviewEndpoint, async ({ params, caller }) => markReviewed(caller, params.id));
