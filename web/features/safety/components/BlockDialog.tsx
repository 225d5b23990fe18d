import type { Gender } from "@domain/constants.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Dialog } from "@web/components/ui/Dialog.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { quoted } from "@web/lib/format.ts";
import { useEffect } from "react";
import { useBlockMember } from "../api.ts";

/** The member a safety action is about. */
export interface SafetyTarget {
  userId: string;
  /** « Awa N. » */
  name: string;
  gender?: Gender | null | undefined;
}

interface BlockDialogProps {
  /** Who would be blocked; the dialog is open while it is set. */
  target: SafetyTarget | null;
  onClose: () => void;
  /** After the block: the member is already gone from the lists. */
  onBlocked: (target: SafetyTarget) => void;
}

/** Confirms a block and says what it does. */
export function BlockDialog({ target, onClose, onBlocked }: BlockDialogProps) {
  const block = useBlockMember();
  const open = target !== null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh state at each opening
  useEffect(() => {
    if (open) block.reset();
  }, [open, target?.userId]);

  const confirm = () => {
    if (!target) return;
    block.mutate(target.userId, { onSuccess: () => onBlocked(target) });
  };

  return (
    <Dialog
      open={open}
      onClose={block.isPending ? () => {} : onClose}
      title={target ? `Bloquer ${target.name} ?` : ""}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={block.isPending}>
            Annuler
          </Button>
          <Button variant="danger" onClick={confirm} loading={block.isPending} loadingText="Blocage…">
            Bloquer
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <p>
          Vous ne vous verrez plus : votre match et votre conversation seront fermés. Vous pourrez lever ce
          blocage depuis votre profil, rubrique {quoted("Vie privée")}.
        </p>
        <p className="text-sm text-ink-soft">
          {target?.name} n’est pas prévenu(e). Si ce membre vous a manqué de respect ou demandé de l’argent,
          signalez-le aussi : notre équipe de modération examinera son compte.
        </p>
        {block.isError && <Alert tone="error">{errorMessage(block.error)}</Alert>}
      </div>
    </Dialog>
  );
}
