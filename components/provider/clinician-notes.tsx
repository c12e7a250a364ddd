"use client";
// The patient's clinical notes on the provider's patient page: newest first, each signed with its
// author and clinic, and a form to write one (POST /patients/{id}/notes). A note is never edited:
// "Write a correction" opens the form for a new note that names the one it corrects.
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import type { z } from "zod";
import { useFieldForm } from "@/components/patients/field-form";
import { Show } from "@/components/patients/loadable";
import { Button, Card, Field, fieldAria, inputStyles } from "@/components/ui";
import { When } from "@/components/ui/when";
import { MAX_NOTE_LENGTH, type clinicianNote, type notesResponse } from "@/lib/notes/schemas";
import { proxy } from "@/lib/web/client";
import { useProxy } from "@/lib/web/use-proxy";

type Note = z.output<typeof clinicianNote>;

const FIELDS = ["text", "corrects"] as const;

/** The note being written and its save (a correction names the note it corrects); a saved note clears the box. */
function useNoteDraft(patientId: number, corrects: number | null, onSaved: () => void) {
  const t = useTranslations("clinicianNotes");
  const [text, setText] = useState("");
  const { errors, status, busy, submit } = useFieldForm(FIELDS);
  const save = () =>
    submit(
      () =>
        proxy<{ field?: string }>(`/patients/${patientId}/notes`, {
          method: "POST",
          body: corrects === null ? { text } : { text, corrects },
        }),
      t("saved"),
      () => {
        setText("");
        onSaved();
      },
    );
  return { text, setText, errors, status, busy, save };
}

function NoteForm({
  patientId,
  corrects,
  onSaved,
  onCancel,
}: {
  patientId: number;
  corrects: number | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations("clinicianNotes");
  const id = useId();
  const { text, setText, errors, status, busy, save } = useNoteDraft(patientId, corrects, onSaved);
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={async (event) => {
        event.preventDefault();
        await save();
      }}
    >
      <Field
        id={`${id}-text`}
        label={corrects === null ? t("newNote") : t("correction", { id: corrects })}
        error={errors.text ?? errors.corrects}
        hint={t("hint")}
      >
        <textarea
          {...fieldAria(`${id}-text`, errors.text ?? errors.corrects, true)}
          rows={4}
          maxLength={MAX_NOTE_LENGTH}
          className={inputStyles}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? t("saving") : t("save")}
        </Button>
        {corrects !== null && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            {t("cancel")}
          </Button>
        )}
        <p role="status" className={status?.kind === "error" ? "text-sm text-red-800" : "text-sm text-green-900"}>
          {status?.text ?? ""}
        </p>
      </div>
    </form>
  );
}

function NoteItem({ note, onCorrect }: { note: Note; onCorrect: () => void }) {
  const t = useTranslations("clinicianNotes");
  const name = note.author.name ?? t("unnamed");
  return (
    <li className="space-y-1 py-3" data-testid="clinician-note">
      <p className="text-xs text-slate-700">
        <span className="font-semibold text-slate-900">{t("noteId", { id: note.id })}</span> ·{" "}
        <When value={note.createdAt} kind="datetime" /> ·{" "}
        {note.author.clinic ? t("signed", { name, clinic: note.author.clinic.name }) : t("signedNoClinic", { name })}
      </p>
      {note.corrects !== null && <p className="text-xs font-medium text-slate-800">{t("corrects", { id: note.corrects })}</p>}
      {note.assessmentId !== null && <p className="text-xs text-slate-700">{t("aboutResult", { id: note.assessmentId })}</p>}
      <p className="whitespace-pre-line text-sm text-slate-900 [overflow-wrap:anywhere]">{note.text}</p>
      <div className="flex flex-wrap items-center gap-3 text-xs">
        {note.correctedBy.length > 0 && (
          <span className="font-medium text-amber-900">
            {t("correctedBy", { count: note.correctedBy.length, ids: note.correctedBy.join(", ") })}
          </span>
        )}
        <button type="button" className="font-semibold text-teal-800 underline underline-offset-2" onClick={onCorrect}>
          {t("correct")}
        </button>
      </div>
    </li>
  );
}

export function ClinicianNotesPanel({ patientId }: { patientId: number }) {
  const t = useTranslations("clinicianNotes");
  const notes = useProxy<z.output<typeof notesResponse>>(`/patients/${patientId}/notes`);
  const [corrects, setCorrects] = useState<number | null>(null);
  return (
    <Card title={t("title")}>
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{t("visible")}</p>
        <NoteForm
          key={corrects ?? "new"}
          patientId={patientId}
          corrects={corrects}
          onSaved={() => {
            setCorrects(null);
            notes.reload();
          }}
          onCancel={() => setCorrects(null)}
        />
        <Show value={notes} label={t("what")} minHeight="min-h-16">
          {({ notes: list }) =>
            list.length === 0 ? (
              <p className="text-sm text-slate-700">{t("none")}</p>
            ) : (
              <ol className="divide-y divide-slate-100" aria-label={t("title")}>
                {list.map((note) => (
                  <NoteItem key={note.id} note={note} onCorrect={() => setCorrects(note.id)} />
                ))}
              </ol>
            )
          }
        </Show>
      </div>
    </Card>
  );
}
