"use client";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import type { z } from "zod";
import { normalizeInputCode } from "@/components/assessment/code-box";
import { Show } from "@/components/patients/loadable";
import { Alert, Button, Card, Field, fieldAria, inputStyles } from "@/components/ui";
import type { assessmentsResponse } from "@/lib/patients/schemas";
import { proxy } from "@/lib/web/client";
import { When } from "@/components/ui/when";
import type { Loadable } from "@/lib/web/use-proxy";
import { useHandName } from "@/components/ui/hand-name";
import type { Kind } from "@/lib/assessments/kinds";
import { errorText } from "@/lib/web/format";
import { useProxy } from "@/lib/web/use-proxy";

const MAX = 20;

type Mine = z.output<typeof assessmentsResponse>;

type MineList = Loadable<Mine> & { reload: () => void };

type FormErrors = { title?: string; codes?: string; form?: string };
type Words = ReturnType<typeof useTranslations<"newReport.form">>;

function MyAssessments({ mine, selected, toggle }: { mine: MineList; selected: Set<string>; toggle: (code: string) => void }) {
  const t = useTranslations("newReport.form");
  const kinds = useTranslations("kinds");
  const handName = useHandName();
  return (
    <Show value={mine} label={t("loadLabel")}>
      {({ assessments }) =>
        assessments.length === 0 ? (
          <p className="text-sm text-slate-700">{t("noneYet")}</p>
        ) : (
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-900">{t("choose", { max: MAX, chosen: selected.size })}</legend>
            <ul
              className="max-h-96 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200"
              tabIndex={0}
              aria-label={t("yours")}
            >
              {assessments.map((a) => {
                const checked = selected.has(a.code);
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
                        <span className="font-semibold text-slate-900">{kinds(`${a.assessmentType as Kind}.name`)}</span>
                        <span className="text-slate-700">
                          {" "}
                          · {a.hand ? handName(a.hand) : t("noHand")} · <When value={a.dateCreated} kind="date" />
                          {a.summary ? ` · ${a.summary}` : ""}
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

/**
 * Why the report would not be of one named person, or null: codes outside the signed-in
 * person's account, or (signed out) several records nothing ties together.
 */
function mixWarning(codes: string[], signedIn: boolean, mine: MineList, t: Words): string | null {
  if (!signedIn) return codes.length > 1 ? t("signedOutMix", { count: codes.length }) : null;
  if (mine.state === "error") return t("listFailed");
  if (mine.state !== "ready") return null;
  const own = new Set(mine.data.assessments.map((a) => a.code));
  const outside = codes.filter((code) => !own.has(code)).length;
  if (outside === 0) return null;
  return t("outside", { outside, count: codes.length });
}

/** The chosen and pasted codes, once each, and what stops them being sent (empty when nothing does). */
function checkRequest(title: string, pasted: string, selected: Set<string>, t: Words): { codes: string[]; errors: FormErrors } {
  const tokens = pasted.split(/[\s,;]+/).filter(Boolean);
  const bad = tokens.filter((token) => !normalizeInputCode(token));
  const codes = [...new Set([...selected, ...tokens.map((t) => normalizeInputCode(t)).filter((c): c is string => c !== null)])];
  const errors: FormErrors = {};
  if (!title.trim()) errors.title = t("titleMissing");
  if (bad.length) errors.codes = t("notCodes", { codes: bad.slice(0, 5).join(", ") });
  else if (codes.length === 0) errors.codes = t("noCodes");
  else if (codes.length > MAX) errors.codes = t("tooMany", { max: MAX, count: codes.length });
  return { codes, errors };
}

/** A refusal's message under the field it names (title or codes), else for the whole form. */
function refusalErrors(data: { field?: string }): FormErrors {
  const message = errorText(data).replace(/^[\w.]+: /, "");
  if (data.field === "title") return { title: message };
  if (data.field?.startsWith("assessmentCodes")) return { codes: message };
  return { form: errorText(data) };
}

/**
 * The form's state and its submit: a first send of a mixed list only warns; the same list sent
 * again creates the report and opens it.
 */
function useNewReport(signedIn: boolean, mine: MineList) {
  const router = useRouter();
  const t = useTranslations("newReport.form");
  /** The warning shown, and the code list it was shown for: the same list sent again is created. */
  const [warning, setWarning] = useState<{ text: string; key: string } | null>(null);
  const [title, setTitle] = useState(() => t("defaultTitle"));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pasted, setPasted] = useState("");
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);

  const toggle = (code: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });

  const send = async () => {
    const { codes, errors: problems } = checkRequest(title, pasted, selected, t);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const key = [...codes].sort().join(",");
    const mix = mixWarning(codes, signedIn, mine, t);
    if (mix && warning?.key !== key) {
      setWarning({ text: mix, key });
      return;
    }
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
    setErrors(refusalErrors(result.data));
  };

  return { warning, title, setTitle, selected, toggle, pasted, setPasted, errors, busy, send };
}

export function NewReportForm({ signedIn }: { signedIn: boolean }) {
  const t = useTranslations("newReport.form");
  const mine: MineList = useProxy<Mine>(signedIn ? `/patients/me/assessments?limit=200` : null);
  const { warning, title, setTitle, selected, toggle, pasted, setPasted, errors, busy, send } = useNewReport(signedIn, mine);
  const titleId = useId();
  const codesId = useId();

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={async (event) => {
        event.preventDefault();
        await send();
      }}
    >
      <Card title={t("titleCard")}>
        <Field id={titleId} label={t("titleLabel")} error={errors.title}>
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
        <Card title={t("mine")}>
          <MyAssessments mine={mine} selected={selected} toggle={toggle} />
        </Card>
      )}
      <Card title={signedIn ? t("orPaste") : t("codes")}>
        <Field id={codesId} label={t("codesLabel")} error={errors.codes} hint={t("codesHint", { max: MAX })}>
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
      <div aria-live="polite" data-testid="mix-warning">
        {warning ? (
          <Alert kind="warning">
            {warning.text} {t("checkCodes")}
          </Alert>
        ) : null}
      </div>
      {/* Signed in, the codes are checked against the account's list: it must be there first. */}
      <Button type="submit" disabled={busy || (signedIn && mine.state === "loading")}>
        {busy ? t("creating") : warning ? t("createAnyway") : t("create")}
      </Button>
    </form>
  );
}
