import type { Metadata } from "next";
import { ApiReference } from "./api-reference";

export const metadata: Metadata = {
  title: "API reference · Hand Assessment",
  description: "Every endpoint of the Hand Assessment API, generated from the schemas the service validates with.",
};

export default function ApiReferencePage() {
  return (
    <div>
      <h1 className="sr-only">Hand Assessment API reference</h1>
      {/* Scalar's own markup: e2e/pages.spec.ts leaves it out of the axe check. */}
      <div data-third-party="scalar">
        <ApiReference />
      </div>
    </div>
  );
}
