import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Dialog } from "@web/components/ui/Dialog.tsx";
import { type FormEvent, type ReactNode, useId } from "react";

interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What will happen, and any field the action needs. */
  children: ReactNode;
  confirmLabel: string;
  /** Label of the button that closes without acting (default « Annuler »). */
  cancelLabel?: string;
  /** Announced while the action runs, e.g. « Bannissement… ». */
  pendingLabel?: string;
  tone?: "primary" | "danger";
  pending?: boolean;
  /** The server's refusal, shown inside the dialog so it can be corrected or retried. */
  error?: string | null;
  /** Keeps the confirm button disabled (e.g. until the e-mail is typed). */
  confirmDisabled?: boolean;
  /** Called on « confirm » (button or Enter in a field). */
  onConfirm: () => void;
}

/** A modal confirmation for admin actions: a form, so Enter confirms and fields can be validated. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  children,
  confirmLabel,
  cancelLabel = "Annuler",
  pendingLabel,
  tone = "primary",
  pending = false,
  error,
  confirmDisabled = false,
  onConfirm,
}: ConfirmDialogProps) {
  const formId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending && !confirmDisabled) onConfirm();
  };
  return (
    <Dialog
      open={open}
      onClose={pending ? () => {} : onClose}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button
            type="submit"
            form={formId}
            variant={tone}
            loading={pending}
            loadingText={pendingLabel}
            disabled={confirmDisabled}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        {children}
        {error && <Alert tone="error">{error}</Alert>}
      </form>
    </Dialog>
  );
}
