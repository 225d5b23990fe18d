import type { ProfileVisitDto } from "@domain/discovery.ts";
import {
  CompatibilityBadge,
  displayName,
  MemberPhoto,
  nameAndAge,
  PresenceBadge,
  ProfileVerifiedBadge,
  VerifiedBadge,
} from "@web/features/members/index.ts";
import { SafetyMenu } from "@web/features/safety/index.ts";
import { formatAgo, formatDate, formatTime } from "@web/lib/format.ts";
import { Eye, MapPin } from "lucide-react";

interface Props {
  visit: ProfileVisitDto;
  onOpen: () => void;
  onReport: () => void;
  onBlock: () => void;
}

/** One visitor: photo, essentials, when they came, « Signaler » and « Bloquer ». */
export function VisitCard({ visit, onOpen, onReport, onBlock }: Props) {
  const { member, visitedAt } = visit;
  const headingId = `visite-${member.userId}`;
  const name = displayName(member);
  return (
    <article
      aria-labelledby={headingId}
      className="relative flex min-w-0 flex-1 gap-4 rounded-[var(--radius-card)] border border-sand-200 bg-white p-4 shadow-sm"
    >
      <MemberPhoto
        member={member}
        width="w-24 sm:w-28"
        sizes="7rem"
        className="shrink-0 self-start rounded-xl"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-1">
          <h3 id={headingId} className="min-w-0 text-lg font-bold break-words text-teal-900">
            <button
              type="button"
              onClick={onOpen}
              // Its ::after covers the card, so a click on the photo opens the profile too.
              className="rounded text-left after:absolute after:inset-0 hover:underline focus-visible:outline-3 focus-visible:outline-teal-500"
            >
              {nameAndAge(member)}
              <span className="sr-only"> : voir le profil</span>
            </button>
          </h3>
          <SafetyMenu
            name={name}
            onReport={onReport}
            onBlock={onBlock}
            className="z-10 -mt-1.5 -mr-2 shrink-0"
          />
        </div>
        <PresenceBadge presence={member.presence} gender={member.gender} className="-mt-1" />
        <p className="flex items-start gap-1.5 text-sm text-ink">
          <Eye className="mt-0.5 size-4 shrink-0 text-teal-700" aria-hidden="true" />
          <span>
            A consulté votre profil{" "}
            <time dateTime={visitedAt} title={`${formatDate(visitedAt)} à ${formatTime(visitedAt)}`}>
              {formatAgo(visitedAt)}
            </time>
          </span>
        </p>
        {member.country && (
          <p className="inline-flex items-center gap-1.5 text-sm text-ink-soft">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            <span className="sr-only">Pays :</span> {member.country}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-2">
          <CompatibilityBadge score={member.compatibility} />
          {member.profileVerified && <ProfileVerifiedBadge />}
          {member.verified && <VerifiedBadge />}
        </div>
      </div>
    </article>
  );
}
