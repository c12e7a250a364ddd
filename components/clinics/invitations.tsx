"use client";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Show } from "@/components/patients/loadable";
import { MEMBER_ROLES, type InvitationList, type InvitationSent, type Member } from "@/components/clinics/types";
import { Alert, Button, Field, fieldAria, inputStyles } from "@/components/ui";
import { LabelledSelect } from "@/components/ui/labelled-select";
import { When } from "@/components/ui/when";
import { proxy } from "@/lib/web/client";
import { errorText } from "@/lib/web/format";
import { useProxy } from "@/lib/web/use-proxy";

type Role = Member["role"];

type Notice = { kind: "success" | "error" | "warning"; text: string };
type Invitation = InvitationList["invitations"][number];

/** Invite a colleague by e-mail and role; the pending invitations below, each withdrawable. */
export function ClinicInvitations({ clinicId }: { clinicId: number }) {
  const t = useTranslations("clinics");
  const pending = useProxy<InvitationList>(`/clinics/${clinicId}/invitations`);
  const [notice, setNotice] = useState<Notice | null>(null);
  const changed = (next: Notice) => {
    setNotice(next);
    pending.reload();
  };
  return (
    <div className="space-y-4">
      <h3 className="pt-2 text-base font-semibold text-slate-900">{t("inviteTitle")}</h3>
      <InviteForm clinicId={clinicId} onSent={changed} />
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      <h3 className="pt-2 text-base font-semibold text-slate-900">{t("pendingTitle")}</h3>
      <Show value={pending} label={t("pendingWhat")} minHeight="min-h-12">
        {({ invitations }) =>
          invitations.length === 0 ? (
            <p className="text-sm text-slate-700">{t("noPending")}</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label={t("pendingTitle")}>
              {invitations.map((i) => (
                <PendingInvitation key={i.id} clinicId={clinicId} invitation={i} onRevoked={changed} />
              ))}
            </ul>
          )
        }
      </Show>
    </div>
  );
}

/** The invitation's e-mail and role; a sent one reports whether the e-mail went out. */
function useInvite(clinicId: number, onSent: (notice: Notice) => void) {
  const t = useTranslations("clinics");
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("clinician");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!email.trim()) {
      setError(t("emailRequired"));
      return;
    }
    setBusy(true);
    const result = await proxy<InvitationSent>(`/clinics/${clinicId}/invitations`, {
      method: "POST",
      body: { email: email.trim(), role },
    });
    setBusy(false);
    if (result.ok) {
      setError(null);
      setEmail("");
      onSent(
        result.data.sent
          ? { kind: "success", text: t("invited", { email: result.data.email }) }
          : { kind: "warning", text: t("invitedNotSent") },
      );
    } else {
      setError(errorText(result.data));
    }
  };
  return { email, setEmail, role, setRole, error, busy, submit };
}

function InviteForm({ clinicId, onSent }: { clinicId: number; onSent: (notice: Notice) => void }) {
  const t = useTranslations("clinics");
  const id = useId();
  const { email, setEmail, role, setRole, error, busy, submit } = useInvite(clinicId, onSent);
  return (
    <form
      noValidate
      aria-label={t("inviteTitle")}
      className="space-y-3"
      onSubmit={async (event) => {
        event.preventDefault();
        await submit();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <Field id={id} label={t("email")} hint={t("inviteHelp")} error={error}>
          <input
            {...fieldAria(id, error, true)}
            type="email"
            className={inputStyles}
            autoComplete="off"
            spellCheck={false}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Field>
        <div className="sm:pt-5">
          <LabelledSelect
            label={t("inviteRole")}
            value={role}
            onChange={(value) => setRole(value as Role)}
            options={MEMBER_ROLES.map((name) => [name, t(`roles.${name}`)] as [Role, string])}
          />
        </div>
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? t("inviting") : t("invite")}
      </Button>
    </form>
  );
}

/** One pending invitation; withdrawing one already gone (404) counts as withdrawn. */
function PendingInvitation({
  clinicId,
  invitation: i,
  onRevoked,
}: {
  clinicId: number;
  invitation: Invitation;
  onRevoked: (notice: Notice) => void;
}) {
  const t = useTranslations("clinics");
  const revoke = async () => {
    const result = await proxy(`/clinics/${clinicId}/invitations/${i.id}`, { method: "DELETE" });
    onRevoked(
      result.ok || result.status === 404
        ? { kind: "success", text: t("revoked", { email: i.email }) }
        : { kind: "error", text: errorText(result.data) },
    );
  };
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 py-3 text-sm first:pt-0">
      <div className="min-w-0">
        <div className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{i.email}</div>
        <div className="text-xs text-slate-700">
          {t(`roles.${i.role}`)} · {t.rich("expires", { when: () => <When value={i.expiresAt} kind="date" /> })}
        </div>
      </div>
      <Button variant="secondary" className="py-1.5" onClick={revoke}>
        {t("revoke")}
        <span className="sr-only"> {i.email}</span>
      </Button>
    </li>
  );
}
