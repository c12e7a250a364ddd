import type { Metadata } from "next";
import { Card, LinkButton, PageHeading } from "@/components/ui";

export const metadata: Metadata = { title: "Checkout canceled" };

/** Where the payment provider sends the customer who left the checkout without paying. */
export default function BillingCancelPage() {
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeading title="Checkout canceled">
        <p>You left the checkout before paying. Nothing was charged and your plan has not changed.</p>
      </PageHeading>
      <Card title="Plans">
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
          <li>Core: 1.99 per month</li>
          <li>Plus: 6.99 per month</li>
        </ul>
        <p className="mt-3 text-sm text-slate-700">You can subscribe at any time from your dashboard.</p>
      </Card>
      <div className="flex flex-wrap gap-3">
        <LinkButton href="/dashboard">Go to your dashboard</LinkButton>
        <LinkButton href="/" variant="secondary">
          Back to the start
        </LinkButton>
      </div>
    </div>
  );
}
