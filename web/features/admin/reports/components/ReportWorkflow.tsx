import { deName, gendered, sentence } from "@domain/french.ts";
import { type AdminReportDetail, REPORT_ACTION_LABELS } from "@domain/safety.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Card } from "@web/components/ui/Card.tsx";
import { cn } from "@web/components/ui/cn.ts";
import { Field, FieldError } from "@web/components/ui/Field.tsx";
import { Textarea } from "@web/components/ui/Textarea.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { Ban, ClipboardCheck, ImageMinus, MailWarning, XCircle } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "../../shared/ConfirmDialog.tsx";
import { type ActionInput, useActOnReport, useSetReportStatus } from "../api.ts";
import { reasonLabel } from "../labels.tsx";

type Open = "dismiss" | "ban" | "photo" | "warning" | null;

const NOTE_MAX = 1000;
/** The ban reason is kept on the account too, where it is limited to 300 characters. */
const BAN_NOTE_MAX = 300;
const NOTE_MIN = 3;

/**
 * The moderation workflow of one report: take it in hand, dismiss it, or take a measure (ban,
 * remove a photo, send a warning), each after a confirmation. Results go to `onNotice`.
 */
export function ReportWorkflow({
  report,
  onNotice,
}: {
  report: AdminReportDetail;
  onNotice: (text: string) => void;
}) {
  const setStatus = useSetReportStatus(report.id);
  const act = useActOnReport(report.id);
  const [open, setOpen] = useState<Open>(null);
  const [note, setNote] = useState("");
  const [photoKey, setPhotoKey] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();

  const member = report.reported;
  const name = member ? member.name || member.email : report.reportedLabel;
  const closed = report.status === "action_taken";
  const canMeasure = !closed && member !== null;

  const show = (which: Exclude<Open, null>) => {
    setStatus.reset();
    act.reset();
    setFieldError(undefined);
    setPhotoKey(null);
    setNote(which === "ban" ? `Signalement : ${reasonLabel(report.reason)}` : "");
    setOpen(which);
  };
  const close = () => setOpen(null);

  const takeInHand = () => {
    act.reset();
    setStatus.mutate(
      { status: "in_review" },
      { onSuccess: () => onNotice("Vous avez pris en charge ce signalement.") },
    );
  };

  const requireNote = (max: number, empty: string): string | null => {
    const value = note.trim();
    if (value.length < NOTE_MIN) {
      setFieldError(value ? `Au moins ${NOTE_MIN} caractères.` : empty);
      document.getElementById("report-note")?.focus();
      return null;
    }
    if (value.length > max) {
      setFieldError(`${max} caractères au maximum.`);
      return null;
    }
    return value;
  };

  const measure = (input: ActionInput, done: string) =>
    act.mutate(input, {
      onSuccess: () => {
        close();
        onNotice(done);
      },
    });

  const confirmDismiss = () =>
    setStatus.mutate(note.trim() ? { status: "dismissed", note: note.trim() } : { status: "dismissed" }, {
      onSuccess: () => {
        close();
        onNotice("Le signalement est classé sans suite.");
      },
    });

  const confirmBan = () => {
    const value = requireNote(BAN_NOTE_MAX, "Indiquez le motif du bannissement.");
    const banned = gendered(member?.gender, { male: "banni", female: "bannie", unknown: "banni(e)" });
    if (value)
      measure({ action: "ban", note: value }, `${name} est ${banned}. Ses sessions ont été fermées.`);
  };

  const confirmWarning = () => {
    const value = requireNote(NOTE_MAX, "Écrivez le message d’avertissement.");
    if (value)
      measure({ action: "warning", note: value }, sentence(`L’avertissement a été envoyé à ${name}`));
  };

  const confirmPhoto = () => {
    if (!photoKey) {
      setFieldError("Choisissez la photo à retirer.");
      return;
    }
    const value = note.trim();
    measure(
      value ? { action: "photo_removed", photoKey, note: value } : { action: "photo_removed", photoKey },
      `La photo ${deName(name)} a été retirée.`,
    );
  };

  const noteField = (label: string, hint: string, max: number, required: boolean) => (
    <Field
      id="report-note"
      label={label}
      hint={hint}
      aside={`${note.length} / ${max}`}
      error={fieldError}
      required={required}
    >
      {(c) => (
        <Textarea
          {...c}
          rows={3}
          maxLength={max}
          value={note}
          onChange={(e) => {
            setNote(e.target.value);
            if (fieldError) setFieldError(undefined);
          }}
        />
      )}
    </Field>
  );

  const actError = act.isError ? errorMessage(act.error) : null;

  return (
    <Card className="flex flex-col gap-4 sm:p-5">
      <h2 className="text-lg font-bold text-teal-900">Traitement</h2>
      {closed ? (
        <p className="text-sm">
          Ce signalement est clos
          {report.action ? ` : ${REPORT_ACTION_LABELS[report.action].toLocaleLowerCase("fr")}` : ""}.
        </p>
      ) : !member ? (
        <p className="text-sm text-ink-soft">
          Le compte signalé n’existe plus : vous pouvez seulement classer ce signalement.
        </p>
      ) : null}
      <div className="flex flex-col gap-3">
        <Button
          variant="secondary"
          onClick={takeInHand}
          loading={setStatus.isPending && open === null}
          loadingText="Enregistrement…"
          disabled={report.status === "in_review" || closed}
        >
          <ClipboardCheck className="size-4.5" aria-hidden="true" />
          Prendre en charge
        </Button>
        <Button
          variant="secondary"
          onClick={() => show("dismiss")}
          disabled={closed || report.status === "dismissed"}
        >
          <XCircle className="size-4.5" aria-hidden="true" />
          Classer sans suite
        </Button>
        <Button variant="secondary" onClick={() => show("warning")} disabled={!canMeasure}>
          <MailWarning className="size-4.5" aria-hidden="true" />
          Envoyer un avertissement
        </Button>
        <Button
          variant="secondary"
          onClick={() => show("photo")}
          disabled={!canMeasure || report.photos.length === 0}
        >
          <ImageMinus className="size-4.5" aria-hidden="true" />
          Retirer une photo
        </Button>
        <Button variant="danger" onClick={() => show("ban")} disabled={!canMeasure}>
          <Ban className="size-4.5" aria-hidden="true" />
          Bannir
        </Button>
      </div>

      <ConfirmDialog
        open={open === "dismiss"}
        onClose={close}
        title="Classer sans suite"
        confirmLabel="Classer sans suite"
        pendingLabel="Enregistrement…"
        pending={setStatus.isPending}
        error={setStatus.isError && open === "dismiss" ? errorMessage(setStatus.error) : null}
        onConfirm={confirmDismiss}
      >
        <p>
          {sentence(`Aucune mesure ne sera prise contre ${name}`)} Vous pourrez reprendre ce signalement plus
          tard.
        </p>
        {noteField("Note (facultatif)", "Gardée avec le signalement, pour l’équipe.", NOTE_MAX, false)}
      </ConfirmDialog>

      <ConfirmDialog
        open={open === "warning"}
        onClose={close}
        title={`Avertir ${name}`}
        confirmLabel="Envoyer l’avertissement"
        pendingLabel="Envoi…"
        pending={act.isPending}
        error={actError}
        onConfirm={confirmWarning}
      >
        <p>
          {name} recevra un e-mail rappelant les règles de Passerelle, avec votre message. Le signalement sera
          clos.
        </p>
        {noteField("Message de l’équipe", "Il figure dans l’e-mail envoyé au membre.", NOTE_MAX, true)}
      </ConfirmDialog>

      <ConfirmDialog
        open={open === "photo"}
        onClose={close}
        title={`Retirer une photo ${deName(name)}`}
        confirmLabel="Retirer la photo"
        pendingLabel="Retrait…"
        tone="danger"
        pending={act.isPending}
        error={actError}
        onConfirm={confirmPhoto}
      >
        <fieldset aria-describedby={fieldError && !photoKey ? "report-photo-error" : undefined}>
          <legend className="mb-2 font-medium">Photo à retirer</legend>
          <div className="grid grid-cols-3 gap-3">
            {report.photos.map((photo, index) => (
              <label
                key={photo.key}
                className={cn(
                  "flex cursor-pointer flex-col items-center gap-1 rounded-xl border-2 p-1.5 text-sm",
                  "has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-teal-500",
                  photoKey === photo.key ? "border-danger-600 bg-danger-50" : "border-sand-200",
                )}
              >
                <img
                  src={photo.thumbUrl || photo.url}
                  alt=""
                  className="aspect-[4/5] w-full rounded-lg bg-sand-100 object-cover"
                />
                <span className="flex items-center gap-1.5">
                  <input
                    type="radio"
                    name="report-photo"
                    value={photo.key}
                    checked={photoKey === photo.key}
                    onChange={() => {
                      setPhotoKey(photo.key);
                      setFieldError(undefined);
                    }}
                    className="size-4 accent-danger-600"
                  />
                  Photo {index + 1}
                </span>
              </label>
            ))}
          </div>
          <FieldError id="report-photo-error" message={!photoKey ? fieldError : undefined} />
        </fieldset>
        <p className="text-sm text-ink-soft">La photo est effacée définitivement et le signalement clos.</p>
      </ConfirmDialog>

      <ConfirmDialog
        open={open === "ban"}
        onClose={close}
        title={`Bannir ${name}`}
        confirmLabel="Bannir"
        pendingLabel="Bannissement…"
        tone="danger"
        pending={act.isPending}
        error={actError}
        onConfirm={confirmBan}
      >
        <p>
          {name} ne pourra plus se connecter et ses sessions en cours seront fermées. Le signalement sera
          clos.
        </p>
        {noteField(
          "Motif du bannissement",
          "Conservé sur le compte et dans le journal des actions.",
          BAN_NOTE_MAX,
          true,
        )}
      </ConfirmDialog>
      {setStatus.isError && open === null && <Alert tone="error">{errorMessage(setStatus.error)}</Alert>}
    </Card>
  );
}
