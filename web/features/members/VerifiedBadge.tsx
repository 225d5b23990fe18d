import { cn } from "@web/components/ui/cn.ts";
import { BadgeCheck, ShieldCheck, Video } from "lucide-react";

const PILL =
  "inline-flex w-fit items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ring-inset";

/** « E-mail vérifié »: the member confirmed their e-mail address. */
export function VerifiedBadge({ className }: { className?: string }) {
  return (
    <span className={cn(PILL, "bg-teal-50 text-teal-800 ring-teal-200", className)}>
      <BadgeCheck className="size-4 shrink-0" aria-hidden="true" />
      E-mail vérifié
    </span>
  );
}

/** « Profil vérifié »: the member proved with live selfies to be the person of the photos. */
export function ProfileVerifiedBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(PILL, "bg-teal-700 text-white ring-teal-800", className)}
      title="Ce membre a prouvé par des selfies en direct qu’il est la personne de ses photos"
    >
      <ShieldCheck className="size-4 shrink-0" aria-hidden="true" />
      Profil vérifié
    </span>
  );
}

/** « Vu(e) en appel » (issue 38): the member's face in a video call matched the one they verified. */
export function SeenOnCallBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(PILL, "bg-brand-50 text-teal-900 ring-brand-200", className)}
      title="Pendant un appel vidéo, le visage de ce membre a été comparé à son selfie de vérification : c’est bien la même personne"
    >
      <Video className="size-4 shrink-0" aria-hidden="true" />
      Vu(e) en appel
    </span>
  );
}
