import type { Metadata } from "next";
import { ApiReference } from "./api-reference";

export const metadata: Metadata = {
  title: "API reference · Hand Assessment",
  description: "Every endpoint of the Hand Assessment API, generated from the schemas the service validates with.",
};

export default function ApiReferencePage() {
  return (
    <main id="main">
      <h1 className="sr-only">Hand Assessment API reference</h1>
      <ApiReference />
    </main>
  );
}
