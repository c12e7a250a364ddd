import { handle } from "@/lib/http/route";
import { FHIR_ROUTE } from "@/lib/fhir/bundle";
import { smartConfiguration } from "@/lib/fhir/smart";
import { fhirSmartConfigurationEndpoint } from "@/lib/fhir/smart-schemas";

export const GET = handle(fhirSmartConfigurationEndpoint, async () => smartConfiguration(), FHIR_ROUTE);
