import type { Metadata } from "next";
import { CodeBox } from "@/components/assessment/code-box";
import { Card, LinkButton, PageHeading } from "@/components/ui";

export const metadata: Metadata = { title: "Not found" };

export default function NotFound() {
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeading title="We could not find that">
        <p>
          The page or code does not exist. Codes are six letters and digits (for example ABC-234). Results that were never
          claimed to an account expire 90 days after they were taken.
        </p>
      </PageHeading>
      <Card title="Try another code">
        <CodeBox />
      </Card>
      <LinkButton href="/" variant="secondary">
        Back to the start
      </LinkButton>
    </div>
  );
}
