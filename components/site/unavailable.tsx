import { PageHeading } from "@/components/ui";
import { setPageStatus } from "@/lib/web/page-status";

/** What /a and /r show while the database cannot be reached: a 503 and a way to try again. */
export function Unavailable({ path, what }: { path: string; what: string }) {
  setPageStatus(503, { "retry-after": "5" });
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeading title="We cannot open this right now">
        <p>
          The service cannot reach its records for a moment, so this {what} cannot be shown. Nothing is lost: please try again in a few
          seconds.
        </p>
      </PageHeading>
      <a
        href={path}
        className="inline-flex items-center justify-center rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800"
      >
        Try again
      </a>
    </div>
  );
}
