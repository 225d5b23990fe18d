import { REPORT_DETAILS_MAX, REPORT_REASON_LABELS, REPORT_REASONS } from "@domain/safety.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Checkbox } from "@web/components/ui/Checkbox.tsx";
import { Dialog } from "@web/components/ui/Dialog.tsx";
import { Field } from "@web/components/ui/Field.tsx";
import { RadioGroup } from "@web/components/ui/RadioGroup.tsx";
import { Textarea } from "@web/components/ui/Textarea.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { formatNumber } from "@web/lib/format.ts";
import { type FormEvent, useEffect, useId, useState } from "react";
import { type ReportInput, useReportMember } from "../api.ts";
import { blockedWord } from "../blocked-text.ts";
import type { SafetyTarget } from "./BlockDialog.tsx";

type Reason = ReportInput["reason"];

const REASON_OPTIONS = REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }));

interface ReportDialogProps {
  /** Who is reported; the dialog is open while it is set. */
  target: SafetyTarget | null;
  /** The reported message, when the member reports one in particular. */
  messageId?: string | undefined;
  /** Preselected reason (« scam » from the warning under a message). */
  initialReason?: Reason | undefined;
  onClose: () => void;
  /** After the report was recorded; `blocked` when the member was blocked too. */
  onReported?: (target: SafetyTarget, blocked: boolean) => void;
}

/** Reports a member (or one of their messages): a reason, optional details, and « block too ». */
export function ReportDialog({ target, messageId, initialReason, onClose, onReported }: ReportDialogProps) {
  const report = useReportMember();
  const formId = useId();
  const [reason, setReason] = useState<Reason | null>(initialReason ?? null);
  const [details, setDetails] = useState("");
  const [block, setBlock] = useState(false);
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [sent, setSent] = useState<{ blocked: boolean } | null>(null);
  const open = target !== null;

  // A fresh form at each opening.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when (re)opened
  useEffect(() => {
    if (!open) return;
    setReason(initialReason ?? null);
    setDetails("");
    setBlock(false);
    setReasonError(undefined);
    setSent(null);
    report.reset();
  }, [open, target?.userId, messageId]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target || report.isPending) return;
    if (!reason) {
      setReasonError("Choisissez une raison.");
      document.getElementById(`report-reason-${REPORT_REASONS[0]}`)?.focus();
      return;
    }
    report.mutate(
      { userId: target.userId, messageId, reason, details: details.trim(), block },
      {
        onSuccess: () => {
          setSent({ blocked: block });
          onReported?.(target, block);
        },
      },
    );
  };

  const name = target?.name ?? "";
  return (
    <Dialog
      open={open}
      onClose={report.isPending ? () => {} : onClose}
      title={messageId ? "Signaler ce message" : `Signaler ${name}`}
      className="max-h-[92dvh] overflow-y-auto"
      footer={
        sent ? (
          <Button onClick={onClose}>Fermer</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={report.isPending}>
              Annuler
            </Button>
            <Button type="submit" form={formId} loading={report.isPending} loadingText="Envoi…">
              Envoyer le signalement
            </Button>
          </>
        )
      }
    >
      {sent ? (
        <Alert tone="success" title="Merci, votre signalement a bien été envoyé">
          <p>
            Notre équipe de modération va l’examiner. Vous ne saurez pas quelle suite lui est donnée, mais
            chaque signalement compte.
          </p>
          {sent.blocked && target && (
            <p className="mt-2">{`${name} est ${blockedWord(target)} : vous ne vous verrez plus.`}</p>
          )}
        </Alert>
      ) : (
        <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-5">
          <p className="text-sm text-ink-soft">
            {messageId
              ? "Le texte de ce message sera transmis à notre équipe de modération avec votre signalement."
              : `Votre signalement est confidentiel : ${name} ne saura pas que vous l’avez fait.`}
          </p>
          <RadioGroup
            name="report-reason"
            legend="Raison du signalement"
            options={REASON_OPTIONS}
            value={reason}
            onChange={(v) => {
              setReason(v);
              setReasonError(undefined);
            }}
            error={reasonError}
            required
          />
          <Field
            id="report-details"
            label="Précisions (facultatif)"
            hint="Ce qui s’est passé, en quelques mots."
            aside={`${formatNumber(details.length)} / ${formatNumber(REPORT_DETAILS_MAX)}`}
          >
            {(c) => (
              <Textarea
                {...c}
                rows={4}
                maxLength={REPORT_DETAILS_MAX}
                value={details}
                onChange={(e) => setDetails(e.target.value)}
              />
            )}
          </Field>
          <Checkbox
            id="report-block"
            label="Bloquer aussi ce membre"
            checked={block}
            onChange={(e) => setBlock(e.target.checked)}
          />
          {report.isError && <Alert tone="error">{errorMessage(report.error)}</Alert>}
        </form>
      )}
    </Dialog>
  );
}
