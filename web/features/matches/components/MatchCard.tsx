import type { LikedBy, MatchDto } from "@domain/discovery.ts";
import { Button, buttonClasses } from "@web/components/ui/Button.tsx";
import {
  CompatibilityBadge,
  displayName,
  MemberPhoto,
  nameAndAge,
  ProfileVerifiedBadge,
  VerifiedBadge,
} from "@web/features/members/index.ts";
import { SafetyMenu } from "@web/features/safety/index.ts";
import { formatDate } from "@web/lib/format.ts";
import { Heart, MapPin, MessageCircle, UserX } from "lucide-react";
import { Link } from "react-router-dom";

interface Props {
  match: MatchDto;
  onOpen: () => void;
  onRemove: () => void;
  onReport: () => void;
  onBlock: () => void;
}

/** Who liked, said as it happened: a first J'aime opens the conversation but is not a match. */
export function likedText(likedBy: LikedBy, name: string): string {
  if (likedBy === "them") return `${name} vous a envoyé un J’aime`;
  if (likedBy === "me") return `Vous avez aimé ${name} : vous pouvez lui écrire`;
  return "C’est un match ! Vous vous plaisez tous les deux";
}

const sinceText = (match: MatchDto) =>
  `${match.likedBy === "both" ? "Match" : "Conversation ouverte"} depuis le ${formatDate(match.since)}`;

/**
 * One match: the other member, who liked, the score, « Écrire » (« Répondre » to a J'aime received),
 * « Retirer » (« Pas intéressé(e) »), « Signaler » and « Bloquer ».
 */
export function MatchCard({ match, onOpen, onRemove, onReport, onBlock }: Props) {
  const { member } = match;
  const received = match.likedBy === "them";
  const headingId = `match-${match.id}`;
  const name = displayName(member);
  return (
    <article
      aria-labelledby={headingId}
      className="relative flex flex-1 gap-4 rounded-[var(--radius-card)] border border-sand-200 bg-white p-4 shadow-sm"
    >
      <MemberPhoto
        member={member}
        width="w-24 sm:w-28"
        sizes="7rem"
        className="shrink-0 self-start rounded-xl"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h3 id={headingId} className="text-lg font-bold text-teal-900">
          <button
            type="button"
            onClick={onOpen}
            className="rounded text-left after:absolute after:inset-0 hover:underline focus-visible:outline-3 focus-visible:outline-teal-500"
          >
            {nameAndAge(member)}
            <span className="sr-only"> : voir le profil</span>
          </button>
        </h3>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-soft">
          {member.country && (
            <span className="inline-flex items-center gap-1">
              <MapPin className="size-4" aria-hidden="true" />
              {member.country}
            </span>
          )}
          <span>{sinceText(match)}</span>
        </div>
        <p className="flex items-center gap-1.5 text-sm font-semibold text-teal-800">
          <Heart className="size-4 shrink-0 fill-current" aria-hidden="true" />
          {likedText(match.likedBy, name)}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <CompatibilityBadge score={member.compatibility} />
          {member.profileVerified && <ProfileVerifiedBadge />}
          {member.verified && <VerifiedBadge />}
        </div>
        <div className="relative z-10 mt-auto flex flex-wrap gap-2 pt-1">
          <Link
            to={`/messages?match=${encodeURIComponent(match.id)}`}
            className={buttonClasses("primary", "sm")}
            aria-label={`${received ? "Répondre" : "Écrire"} à ${name}`}
          >
            <MessageCircle className="size-4" aria-hidden="true" />
            {received ? "Répondre" : "Écrire"}
          </Link>
          {/* A J'aime received: declining it removes the match, as « Retirer » does (SPEC §4). */}
          <Button
            variant="ghost"
            size="sm"
            onClick={onRemove}
            aria-label={received ? `Pas intéressé(e) par ${name}` : `Retirer ${name} de vos matchs`}
          >
            <UserX className="size-4" aria-hidden="true" />
            {received ? "Pas intéressé(e)" : "Retirer"}
          </Button>
          <SafetyMenu name={name} onReport={onReport} onBlock={onBlock} className="ml-auto" />
        </div>
      </div>
    </article>
  );
}
