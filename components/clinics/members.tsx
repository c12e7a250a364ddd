"use client";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Show } from "@/components/patients/loadable";
import { ClinicInvitations } from "@/components/clinics/invitations";
import { MEMBER_ROLES, type Member, type MemberList } from "@/components/clinics/types";
import { Alert, Badge, Button, Card, FieldError, fieldAria, inputStyles } from "@/components/ui";
import { Confirm } from "@/components/ui/confirm";
import { LabelledSelect } from "@/components/ui/labelled-select";
import { When } from "@/components/ui/when";
import { proxy } from "@/lib/web/client";
import { errorText } from "@/lib/web/format";
import { useProxy } from "@/lib/web/use-proxy";

type Role = Member["role"];

/** Add a member by the identity provider's subject (they need not have signed in yet), or change a member's role. */
function AddMember({ clinicId, onAdded }: { clinicId: number; onAdded: (member: Member) => void }) {
  const t = useTranslations("clinics");
  const id = useId();
  const [sub, setSub] = useState("");
  const [role, setRole] = useState<Role>("clinician");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      aria-label={t("addTitle")}
      className="space-y-3"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!sub.trim()) {
          setError(t("subRequired"));
          return;
        }
        setBusy(true);
        const result = await proxy<Member>(`/clinics/${clinicId}/members`, { method: "POST", body: { sub: sub.trim(), role } });
        setBusy(false);
        if (result.ok) {
          setError(null);
          setSub("");
          onAdded(result.data);
        } else {
          setError(errorText(result.data));
        }
      }}
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <SubjectField id={id} error={error} value={sub} onChange={setSub} />
        <div className="sm:pt-5">
          <LabelledSelect
            label={t("role")}
            value={role}
            onChange={(value) => setRole(value as Role)}
            options={MEMBER_ROLES.map((name) => [name, t(`roles.${name}`)] as [Role, string])}
          />
        </div>
      </div>
      <FieldError id={id} error={error} />
      <Button type="submit" disabled={busy}>
        {busy ? t("adding") : t("add")}
      </Button>
    </form>
  );
}

/** The identity provider's subject, with its hint; its error is shown below the whole row. */
function SubjectField({
  id,
  error,
  value,
  onChange,
}: {
  id: string;
  error: string | null;
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useTranslations("clinics");
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {t("subject")}
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {t("subjectHelp")}
      </p>
      <input
        {...fieldAria(id, error, true)}
        className={`${inputStyles} font-mono`}
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

type Notice = { kind: "success" | "error"; text: string };

const memberLabel = (m: Member) => m.name ?? m.email ?? m.sub;

/** Which member is being asked about, and removing them; one already gone (404) counts as removed. */
function useMemberRemoval(clinicId: number, onRemoved: (notice: Notice) => void) {
  const t = useTranslations("clinics");
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = async (m: Member) => {
    setBusy(true);
    const result = await proxy(`/clinics/${clinicId}/members/${encodeURIComponent(m.sub)}`, { method: "DELETE" });
    setBusy(false);
    setConfirming(null);
    onRemoved(
      result.ok || result.status === 404
        ? { kind: "success", text: t("removed", { name: memberLabel(m) }) }
        : { kind: "error", text: errorText(result.data) },
    );
  };
  return { confirming, setConfirming, busy, remove };
}

/** A clinic's members, with adding and (confirmed) removing. */
export function ClinicMembers({ clinicId }: { clinicId: number }) {
  const t = useTranslations("clinics");
  const members = useProxy<MemberList>(`/clinics/${clinicId}/members`);
  const [notice, setNotice] = useState<Notice | null>(null);
  const removal = useMemberRemoval(clinicId, (next) => {
    setNotice(next);
    members.reload();
  });
  const count = members.state === "ready" ? members.data.members.length : undefined;
  return (
    <Card title={t("members")}>
      <div className="space-y-4">
        <p className="text-sm text-slate-700" aria-live="polite">
          {count === undefined ? "" : t("membersCount", { count })}
        </p>
        <Show value={members} label={t("membersWhat")} minHeight="min-h-24">
          {({ members: list }) =>
            list.length === 0 ? (
              <p className="text-sm text-slate-700">{t("noMembers")}</p>
            ) : (
              <ul className="divide-y divide-slate-100" aria-label={t("members")}>
                {list.map((m) => (
                  <MemberItem
                    key={m.sub}
                    member={m}
                    confirming={removal.confirming === m.sub}
                    busy={removal.busy}
                    onAsk={() => removal.setConfirming(m.sub)}
                    onCancel={() => removal.setConfirming(null)}
                    onRemove={() => removal.remove(m)}
                  />
                ))}
              </ul>
            )
          }
        </Show>
        {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
        <ClinicInvitations clinicId={clinicId} />
        <h3 className="pt-2 text-base font-semibold text-slate-900">{t("addTitle")}</h3>
        <AddMember
          clinicId={clinicId}
          onAdded={(m) => {
            setNotice({ kind: "success", text: t("addedNotice", { name: memberLabel(m), role: m.role }) });
            members.reload();
          }}
        />
      </div>
    </Card>
  );
}

/** One member: who they are and who added them, and removing them after a confirmation. */
function MemberItem({
  member: m,
  confirming,
  busy,
  onAsk,
  onCancel,
  onRemove,
}: {
  member: Member;
  confirming: boolean;
  busy: boolean;
  onAsk: () => void;
  onCancel: () => void;
  onRemove: () => Promise<void>;
}) {
  const t = useTranslations("clinics");
  return (
    <li className="space-y-2 py-3 text-sm first:pt-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{memberLabel(m)}</span>
            <Badge tone={m.role === "clinic_admin" ? "teal" : "slate"}>{t(`roles.${m.role}`)}</Badge>
          </div>
          {m.name && m.email && <div className="text-xs text-slate-700 [overflow-wrap:anywhere]">{m.email}</div>}
          <div className="text-xs text-slate-700">
            {t.rich("added", {
              by: m.addedByPerson.name ?? m.addedByPerson.email ?? t("someoneElse"),
              when: () => <When value={m.addedAt} kind="date" />,
              who: (chunks) => <span className="[overflow-wrap:anywhere]">{chunks}</span>,
            })}
          </div>
        </div>
        {!confirming && (
          <Button variant="secondary" className="py-1.5" onClick={onAsk}>
            {t("remove")}
            <span className="sr-only"> {memberLabel(m)}</span>
          </Button>
        )}
      </div>
      {confirming && (
        <Confirm
          question={t("removeQuestion", { name: memberLabel(m) })}
          confirmLabel={t("removeYes")}
          busyLabel={t("removing")}
          busy={busy}
          onCancel={onCancel}
          onConfirm={onRemove}
        />
      )}
    </li>
  );
}
