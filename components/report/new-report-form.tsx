"use client";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import type { z } from "zod";
import { headlineScore } from "@/components/assessment/snapshot-view";
import { normalizeInputCode } from "@/components/assessment/code-box";
import { Show } from "@/components/patients/loadable";
import { Alert, Button, Card, Field, fieldAria, inputStyles } from "@/components/ui";
import type { assessmentsResponse } from "@/lib/patients/schemas";
import { proxy } from "@/lib/web/client";
import { When } from "@/components/ui/when";
import { HAND_NAMES } from "@/lib/assessments/vocabulary";
import { errorText, typeLabel } from "@/lib/web/format";
import { useProxy } from "@/lib/web/use-proxy";

const MAX = 20;

type Mine = z.output<typeof assessmentsResponse>;

function MyAssessments({ selected, toggle }: { selected: Set<string>; toggle: (code: string) => void }) {
  const mine = useProxy<Mine>(`/patients/me/assessments?limit=200`);
  return (
    <Show value={mine} label="your assessments">
      {({ assessments }) =>
        assessments.length === 0 ? (
          <p className="text-sm text-slate-700">You have no assessments in your account yet. Paste codes below instead.</p>
        ) : (
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-900">
              Choose up to {MAX} ({selected.size} chosen)
            </legend>
            <ul
              className="max-h-96 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200"
              tabIndex={0}
              aria-label="Your assessments"
            >
              {assessments.map((a) => {
                const checked = selected.has(a.code);
                const score = headlineScore(a.resultSnapshot);
                return (
                  <li key={a.code}>
                    <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50">
                      <input
                        type="checkbox"
                        className="h-4 w-4 accent-teal-700"
                        checked={checked}
                        disabled={!checked && selected.size >= MAX}
                        onChange={() => toggle(a.code)}
                      />
                      <span className="flex-1">
                        <span className="font-semibold text-slate-900">{typeLabel(a.assessmentType)}</span>
                        <span className="text-slate-700">
                          {" "}
                          · {a.hand ? (HAND_NAMES[a.hand] ?? a.hand) : "hand not recorded"} · <When value={a.dateCreated} kind="date" />
                          {score !== null && ` · ${Math.round(score)}/100`}
                        </span>
                      </span>
                      <span className="font-mono text-slate-800">{a.formattedCode}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        )
      }
    </Show>
  );
}

export function NewReportForm({ signedIn }: { signedIn: boolean }) {
  const router = useRouter();
  const titleId = useId();
  const codesId = useId();
  const [title, setTitle] = useState("My hand assessments");
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pasted, setPasted] = useState("");
  const [errors, setErrors] = useState<{ title?: string; codes?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const toggle = (code: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={async (event) => {
        event.preventDefault();
        const tokens = pasted.split(/[\s,;]+/).filter(Boolean);
        const bad = tokens.filter((token) => !normalizeInputCode(token));
        const codes = [...new Set([...selected, ...tokens.map((t) => normalizeInputCode(t)).filter((c): c is string => c !== null)])];
        const next: typeof errors = {};
        if (!title.trim()) next.title = "Give the report a title.";
        if (bad.length) next.codes = `Not a code: ${bad.slice(0, 5).join(", ")}. Codes look like ABC-234.`;
        else if (codes.length === 0) next.codes = "Choose or paste at least one assessment code.";
        else if (codes.length > MAX) next.codes = `A report holds at most ${MAX} assessments (you have ${codes.length}).`;
        setErrors(next);
        if (Object.keys(next).length) return;
        setBusy(true);
        const result = await proxy<{ code: string; field?: string }>("/reports", {
          method: "POST",
          body: { title: title.trim(), assessmentCodes: codes },
        });
        if (result.ok) {
          router.push(`/r/${result.data.code}`);
          return;
        }
        setBusy(false);
        const message = errorText(result.data).replace(/^[\w.]+: /, "");
        if (result.data.field === "title") setErrors({ title: message });
        else if (result.data.field?.startsWith("assessmentCodes")) setErrors({ codes: message });
        else setErrors({ form: errorText(result.data) });
      }}
    >
      <Card title="Title">
        <Field id={titleId} label="Report title" error={errors.title}>
          <input
            {...fieldAria(titleId, errors.title)}
            className={inputStyles}
            value={title}
            maxLength={200}
            onChange={(event) => setTitle(event.target.value)}
          />
        </Field>
      </Card>
      {signedIn && (
        <Card title="My assessments">
          <MyAssessments selected={selected} toggle={toggle} />
        </Card>
      )}
      <Card title={signedIn ? "Or paste codes" : "Assessment codes"}>
        <Field
          id={codesId}
          label="Codes, separated by spaces, commas or new lines"
          error={errors.codes}
          hint="Up to 20, for example ABC-234 DEF-567."
        >
          <textarea
            {...fieldAria(codesId, errors.codes, true)}
            rows={3}
            className={`${inputStyles} font-mono uppercase`}
            value={pasted}
            onChange={(event) => setPasted(event.target.value)}
          />
        </Field>
      </Card>
      {errors.form && <Alert>{errors.form}</Alert>}
      <Button type="submit" disabled={busy}>
        {busy ? "Creating…" : "Create report"}
      </Button>
    </form>
  );
}
