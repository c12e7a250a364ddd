import { handle } from "@/lib/http/route";
import { requestLocale } from "@/lib/i18n/locales";
import { emailCode } from "@/lib/lookup";
import { emailEndpoint } from "@/lib/lookup/schemas";

export const POST = handle(emailEndpoint, async ({ request, params, body, caller }) =>
  emailCode(params.code, body, caller, requestLocale(request.headers)),
);
