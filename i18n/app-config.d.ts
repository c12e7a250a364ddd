// Typed messages and locales: a key missing from the English catalogue fails `npm run typecheck`
// (lib/i18n/locales.test.ts checks that Spanish has the same keys).
import type { Locale } from "@/lib/i18n/locales";
import type { Messages } from "@/lib/i18n/messages";

declare module "use-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
