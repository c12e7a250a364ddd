import type { Metadata } from "next";
import Link from "next/link";
import { ApiReference, type ReferenceDocument } from "@/components/developers/api-reference";
import { PageHeading } from "@/components/ui";
import { buildOpenApiDocument } from "@/lib/openapi/document";

export const metadata: Metadata = {
  title: "API reference",
  description: "Every endpoint of the Hand Assessment API, generated from the schemas the service validates with.",
};

export default function ApiReferencePage() {
  // The document /api/openapi.json serves, as JSON: rendered here, on the server, with no script.
  const document: ReferenceDocument = JSON.parse(JSON.stringify(buildOpenApiDocument()));
  return (
    <div className="space-y-6">
      <PageHeading title="API reference">
        <p>
          {document.info.title} {document.info.version}. Every endpoint, field and error, generated from the schemas the service validates
          with. Machine-readable:{" "}
          <a href="/api/openapi.json" className="font-semibold text-teal-800 underline underline-offset-2">
            OpenAPI 3.1
          </a>{" "}
          (REST) and{" "}
          <a href="/api/asyncapi.json" className="font-semibold text-teal-800 underline underline-offset-2">
            AsyncAPI 3.0
          </a>{" "}
          (the voice socket). New here? Start with the{" "}
          <Link href="/developers" className="font-semibold text-teal-800 underline underline-offset-2">
            quick start
          </Link>
          .
        </p>
      </PageHeading>
      <ApiReference document={document} />
    </div>
  );
}
