"use client";
import { Alert, Button, PageHeading } from "@/components/ui";

export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <PageHeading title="Something went wrong" />
      <Alert>The page could not be loaded. The service may be busy or briefly unavailable.</Alert>
      <Button onClick={reset}>Try again</Button>
    </div>
  );
}
