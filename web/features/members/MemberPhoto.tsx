import type { PublicProfileDto } from "@domain/discovery.ts";
import { cn } from "@web/components/ui/cn.ts";
import { UserRound } from "lucide-react";
import { displayName } from "./member-labels.ts";

interface MemberPhotoProps {
  member: Pick<PublicProfileDto, "firstName" | "lastInitial" | "photos">;
  /** Which photo (0 = main). */
  index?: number;
  /** "thumb" for cards (400 px), "full" for the gallery. */
  variant?: "thumb" | "full";
  /** "card": square on phones (a whole card fits on screen), 4:5 from the sm breakpoint. */
  shape?: "portrait" | "card";
  /** Width classes; the frame fills its container by default. */
  width?: string;
  className?: string;
  /** Above the fold (the first results): loaded at once, first, instead of lazily. */
  priority?: boolean;
}

/** A member's photo in a 4:5 frame, or a calm placeholder when they have none. */
export function MemberPhoto({
  member,
  index = 0,
  variant = "thumb",
  shape = "portrait",
  width = "w-full",
  className,
  priority = false,
}: MemberPhotoProps) {
  const photo = member.photos[index];
  const frame = cn(
    width,
    "overflow-hidden bg-sand-100",
    shape === "card" ? "aspect-square sm:aspect-[4/5]" : "aspect-[4/5]",
    className,
  );
  if (!photo) {
    // On a card, a low band rather than a whole empty frame (issue 34): the screen shows people.
    if (shape === "card")
      return (
        <div
          className={cn(
            width,
            "flex h-20 items-center justify-center gap-2 bg-sand-100 text-ink-soft",
            className,
          )}
        >
          <UserRound className="size-6" aria-hidden="true" />
          <span className="text-xs">Pas encore de photo</span>
        </div>
      );
    return (
      <div className={cn(frame, "flex flex-col items-center justify-center gap-2 text-ink-soft")}>
        <UserRound className="size-12" aria-hidden="true" />
        <span className="text-sm">Pas encore de photo</span>
      </div>
    );
  }
  const total = member.photos.length;
  return (
    <div className={frame}>
      <img
        src={variant === "thumb" ? photo.thumbUrl || photo.url : photo.url}
        alt={total > 1 ? `${displayName(member)} (${index + 1} sur ${total})` : displayName(member)}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding="async"
        className="size-full object-cover"
      />
    </div>
  );
}
