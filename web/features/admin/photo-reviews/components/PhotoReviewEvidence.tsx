import type { AdminPhotoReviewRow } from "@domain/admin.ts";
import { deName, elidesBefore } from "@domain/french.ts";
import type { PhotoDto } from "@domain/profile.ts";
import { formatPercent } from "@web/lib/format.ts";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { memberName } from "../../shared/MemberCell.tsx";
import { ReviewImage } from "../../shared/ReviewCard.tsx";

/** The nudity model's doubt as a whole percentage: « 72 % ». */
export const scoreText = (score: number | null) =>
  score === null ? "inconnu" : formatPercent(Math.round(score * 100));

/** A photo at full size, opened whole in a new tab; a placeholder when it has left the profile. */
function Photo({ photo, alt, caption }: { photo: PhotoDto | null; alt: string; caption: ReactNode }) {
  return (
    <ReviewImage
      src={photo?.url ?? null}
      href={photo?.url}
      alt={`${alt} (agrandir dans un nouvel onglet)`}
      caption={caption}
      unavailable={photo ? "Photo indisponible." : "Cette photo n’est plus sur le profil."}
    />
  );
}

/**
 * What a held photo shows between the member and the decisions: beside the other account's photo
 * when it is the same picture, or with the nudity model's score when it may be suggestive.
 */
export function PhotoReviewEvidence({ review: r, name }: { review: AdminPhotoReviewRow; name: string }) {
  if (r.reason !== "reused")
    return (
      <div className="grid grid-cols-2 gap-3 sm:max-w-2xl sm:gap-4">
        <Photo photo={r.photo} alt={`Photo envoyée par ${name}`} caption="Photo envoyée" />
        <p className="self-center rounded-xl bg-sand-100 p-3 font-semibold text-ink sm:p-4">
          Photo peut-être suggestive — score {scoreText(r.score)}
        </p>
      </div>
    );

  const matchedName = r.matched?.member ? memberName(r.matched.member) : null;
  return (
    <div className="flex flex-col gap-3">
      <p className="font-semibold text-ink">Même photo qu’un autre compte : elle a peut-être été volée.</p>
      {/* Side by side on every screen: the comparison is the point. */}
      <div className="grid max-w-2xl grid-cols-2 gap-3 sm:gap-4">
        <Photo photo={r.photo} alt={`Photo envoyée par ${name}`} caption="Photo envoyée" />
        <Photo
          photo={r.matched?.photo ?? null}
          alt={matchedName ? `Photo du compte ${deName(matchedName)}` : "Photo d’un compte supprimé"}
          caption={
            r.matched?.member ? (
              <>
                Même photo sur le compte {matchedName && elidesBefore(matchedName) ? "d’" : "de "}
                <Link
                  to={`/admin/users/${encodeURIComponent(r.matched.member.userId)}`}
                  className="text-teal-800 underline underline-offset-2"
                >
                  {matchedName}
                </Link>
              </>
            ) : (
              "Même photo sur un compte supprimé depuis"
            )
          }
        />
      </div>
    </div>
  );
}
