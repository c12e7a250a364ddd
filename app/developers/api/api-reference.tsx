"use client";

import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";

/** The interactive reference, rendered from /api/openapi.json with no outside network. */
export function ApiReference() {
  return (
    <ApiReferenceReact
      configuration={{
        url: "/api/openapi.json",
        withDefaultFonts: false,
        telemetry: false,
        hideClientButton: false,
        layout: "modern",
      }}
    />
  );
}
