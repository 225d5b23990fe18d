import type { ProfileDto } from "@domain/profile.ts";
import { profileCompleteness } from "@domain/profile-completeness.ts";
import { cn } from "@web/components/ui/cn.ts";
import { ProgressBar } from "@web/components/ui/ProgressBar.tsx";
import { frenchList } from "@web/lib/format.ts";

/** « Profil complété : 70 % », and what is still missing. Shown on /profile and in /onboarding. */
export function ProfileCompleteness({ profile, className }: { profile: ProfileDto; className?: string }) {
  const { percent, missing } = profileCompleteness(profile);
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <ProgressBar value={percent} label="Profil complété" />
      <p className="text-sm text-ink-soft">
        {missing.length === 0
          ? "Votre profil est complet."
          : `Il manque : ${frenchList(missing.map((m) => m.label))}.`}
      </p>
    </div>
  );
}
