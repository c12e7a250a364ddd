import type { Metadata } from "next";
import { PageHeading } from "@/components/ui";
import { VerifyCheckout } from "./verify-checkout";

export const metadata: Metadata = { title: "Subscription confirmed" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Where the payment provider sends the customer after paying (?session_id=cs_...). */
export default async function BillingSuccessPage({ searchParams }: { searchParams: SearchParams }) {
  const { session_id: sessionId } = await searchParams;
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeading title="Thank you for subscribing">
        <p>We are confirming your payment with the payment provider. This takes a moment.</p>
      </PageHeading>
      <VerifyCheckout sessionId={typeof sessionId === "string" && sessionId ? sessionId : null} />
    </div>
  );
}
