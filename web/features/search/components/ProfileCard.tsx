import type { LikeType, PublicProfileDto } from "@domain/discovery.ts";
import { Button } from "@web/components/ui/Button.tsx";
import {
  CompatibilityBadge,
  displayName,
  MemberPhoto,
  nameAndAge,
  PresenceBadge,
  ProfileVerifiedBadge,
  SeenOnCallBadge,
  VerifiedBadge,
  VoiceIntro,
} from "@web/features/members/index.ts";
import { SafetyMenu } from "@web/features/safety/index.ts";
import { Briefcase, Heart, Languages, MapPin, X } from "lucide-react";
import { memo } from "react";

interface Props {
  member: PublicProfileDto;
  onOpen: (member: PublicProfileDto) => void;
  onReact: (member: PublicProfileDto, type: LikeType) => void;
  onReport: (member: PublicProfileDto) => void;
  onBlock: (member: PublicProfileDto) => void;
  /** One of the first results, visible without scrolling: its photo loads first. */
  priority?: boolean;
}

/**
 * One search result: photo, essentials, score, « Passer » and « J'aime », « Signaler » and « Bloquer ».
 * Memoised: the handlers are stable (they take the member), so a card is drawn again only when its
 * member changes, not each time the page re-renders (a query arriving, a notice, a dialog).
 */
export const ProfileCard = memo(function ProfileCard({
  member,
  onOpen,
  onReact,
  onReport,
  onBlock,
  priority = false,
}: Props) {
  const headingId = `profil-${member.userId}`;
  const name = displayName(member);
  return (
    <article
      aria-labelledby={headingId}
      data-profile-card={member.userId}
      className="relative flex flex-1 flex-col overflow-hidden rounded-[var(--radius-card)] border border-sand-200 bg-white shadow-sm"
    >
      <div className="relative">
        <MemberPhoto member={member} shape="card" priority={priority} />
        <CompatibilityBadge score={member.compatibility} className="absolute top-3 left-3 shadow" />
        <div className="absolute top-2 right-2 z-10">
          <SafetyMenu
            name={name}
            onReport={() => onReport(member)}
            onBlock={() => onBlock(member)}
            buttonClassName="bg-white/90 text-ink shadow hover:bg-white"
          />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 id={headingId} className="text-lg font-bold text-teal-900">
          <button
            type="button"
            onClick={() => onOpen(member)}
            // Its ::after covers the card, so a click on the photo opens the profile too.
            className="rounded text-left after:absolute after:inset-0 hover:underline focus-visible:outline-3 focus-visible:outline-teal-500"
          >
            {nameAndAge(member)}
            <span className="sr-only"> : voir le profil</span>
          </button>
        </h3>
        <PresenceBadge presence={member.presence} gender={member.gender} className="-mt-2" />
        {member.profileVerified && <ProfileVerifiedBadge className="-mt-1" />}
        {member.seenOnCall && <SeenOnCallBadge className="-mt-1" />}
        {member.verified && <VerifiedBadge className="-mt-1" />}
        {/* Above the card's link (its ::after covers the card): the player takes its own taps. */}
        <VoiceIntro member={member} className="relative z-10" />
        <ul className="flex flex-col gap-1.5 text-sm text-ink-soft">
          {member.country && (
            <li className="flex items-center gap-2">
              <MapPin className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">Pays :</span> {member.country}
            </li>
          )}
          {member.occupation && (
            <li className="flex items-center gap-2">
              <Briefcase className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">Profession :</span> {member.occupation}
            </li>
          )}
          {member.languages.length > 0 && (
            <li className="flex items-center gap-2">
              <Languages className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">Langues :</span> {member.languages.join(", ")}
            </li>
          )}
        </ul>
        <div className="relative z-10 mt-auto grid grid-cols-2 gap-2 pt-1">
          <Button variant="secondary" onClick={() => onReact(member, "reject")} aria-label={`Passer ${name}`}>
            <X className="size-5" aria-hidden="true" />
            Passer
          </Button>
          <Button onClick={() => onReact(member, "like")} aria-label={`J’aime ${name}`}>
            <Heart className="size-5" aria-hidden="true" />
            J’aime
          </Button>
        </div>
      </div>
    </article>
  );
});
