import Link from "next/link";
import { Alert } from "@/components/ui";

/** Shown on a sample result instead of its claim and e-mail actions. */
export function SampleNotice() {
  return (
    <Alert kind="info">
      <strong>Sample result.</strong> These are made-up values showing what a result page looks like, not a measurement of anyone&apos;s
      hand. A sample cannot be claimed, is left out of every list and figure, and is deleted after a day.{" "}
      <Link href="/" className="font-semibold underline underline-offset-2">
        Back to the home page
      </Link>
    </Alert>
  );
}
