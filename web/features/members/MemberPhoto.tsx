import type { PublicProfileDto } from "@domain/discovery.ts";
import { cn } from "@web/components/ui/cn.ts";
import { UserRound } from "lucide-react";
import { displayName } from "./member-labels.ts";
import { PhotoPicture } from "./PhotoPicture.tsx";

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
  /** The frame's width on screen (the sizes attribute); set it with `width` for a small frame. */
  sizes?: string;
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
  sizes,
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
  const full = variant === "full";
  return (
    <div className={frame}>
      <PhotoPicture
        key={photo.key}
        photo={photo}
        kind={full ? "main" : "thumb"}
        // A card: the whole width on a phone, half or a third of the list from sm and xl; a full
        // profile: the page's column (at most about 640 px).
        sizes={
          sizes ??
          (full
            ? "(min-width: 768px) 640px, 100vw"
            : "(min-width: 1280px) 22rem, (min-width: 640px) 45vw, 100vw")
        }
        alt={total > 1 ? `${displayName(member)} (${index + 1} sur ${total})` : displayName(member)}
        priority={priority}
      />
    </div>
  );
}
