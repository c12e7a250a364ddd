import { notFound } from "@/lib/api/errors";
import { handle } from "@/lib/http/route";
import { FHIR_ROUTE } from "@/lib/fhir/bundle";
import { fhirUnsupportedEndpoint } from "@/lib/fhir/schemas";

// A FHIR client asking for something this API does not serve gets FHIR's answer, not the API's JSON 404.
export const GET = handle(
  fhirUnsupportedEndpoint,
  async () => {
    throw notFound("This FHIR API does not serve this path: see /api/fhir/metadata for what it does");
  },
  FHIR_ROUTE,
);
