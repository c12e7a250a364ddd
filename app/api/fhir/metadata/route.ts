import { env } from "@/lib/env";
import { handle } from "@/lib/http/route";
import { FHIR_ROUTE, fhirReply } from "@/lib/fhir/bundle";
import { capabilityStatement } from "@/lib/fhir/capability";
import { fhirMetadataEndpoint } from "@/lib/fhir/schemas";
import { smartSecurity } from "@/lib/fhir/smart";

export const GET = handle(
  fhirMetadataEndpoint,
  async ({ request }) => fhirReply(capabilityStatement(`${new URL(env().FRONTEND_URL).origin}/api/fhir`, await smartSecurity()), request),
  FHIR_ROUTE,
);
