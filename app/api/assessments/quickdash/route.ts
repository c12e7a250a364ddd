import { submissionRoute } from "@/lib/http/kind-route";

export const POST = submissionRoute("/assessments/quickdash");
