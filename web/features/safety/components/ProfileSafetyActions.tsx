import { Button } from "@web/components/ui/Button.tsx";
import { Ban, Flag } from "lucide-react";

/** Under a member's profile in a dialog: « Un problème avec ce profil ? » Signaler · Bloquer. */
export function ProfileSafetyActions({ onReport, onBlock }: { onReport: () => void; onBlock: () => void }) {
  return (
    <div className="mt-6 flex flex-wrap items-center gap-x-2 border-t border-sand-200 pt-4 text-sm">
      <span className="text-ink-soft">Un problème avec ce profil ?</span>
      <Button variant="ghost" size="sm" onClick={onReport}>
        <Flag className="size-4" aria-hidden="true" />
        Signaler
      </Button>
      <Button variant="ghost" size="sm" className="text-danger-700" onClick={onBlock}>
        <Ban className="size-4" aria-hidden="true" />
        Bloquer
      </Button>
    </div>
  );
}
