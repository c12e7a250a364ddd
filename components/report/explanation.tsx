"use client";
import { useState } from "react";
import type { z } from "zod";
import { Alert, Button } from "@/components/ui";
import type { explanationResponse } from "@/lib/reports/schemas";
import { proxy } from "@/lib/web/client";
import { errorText } from "@/lib/web/format";

export interface ExplanationText {
  byModel: string;
  byTemplate: string;
  notDiagnosis: string;
  noExplanation: string;
  explaining: string;
  explain: string;
  failed: string;
}

/** The report's explanation, or an "Explain" button that asks for one; its words come from the page. */
export function Explanation({
  code,
  initial,
  initialSource,
  text: words,
}: {
  code: string;
  initial: string | null;
  initialSource: string | null;
  text: ExplanationText;
}) {
  const [text, setText] = useState(initial);
  const [source, setSource] = useState(initialSource);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (text) {
    return (
      <div className="space-y-2">
        <div className="whitespace-pre-line text-slate-800">{text}</div>
        <p className="text-xs text-slate-700">
          {source === "ai" ? words.byModel : words.byTemplate} {words.notDiagnosis}
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-3" aria-live="polite">
      <p className="text-sm text-slate-700">{words.noExplanation}</p>
      <Button
        className="print:hidden"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          const result = await proxy<z.output<typeof explanationResponse>>(`/reports/${code}/explain`, { method: "POST" });
          setBusy(false);
          if (result.ok) {
            setText(result.data.explanation);
            setSource(result.data.source);
          } else setError(errorText(result.data, words.failed));
        }}
      >
        {busy ? words.explaining : words.explain}
      </Button>
      {error && <Alert>{error}</Alert>}
    </div>
  );
}
