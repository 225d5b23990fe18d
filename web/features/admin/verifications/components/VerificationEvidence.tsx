import type { AdminVerificationRow } from "@domain/admin.ts";
import { deName } from "@domain/french.ts";
import { formatPercent } from "@web/lib/format.ts";
import { ImageOff } from "lucide-react";
import { ReviewImage } from "../../shared/ReviewCard.tsx";

/** The likeness as a whole percentage: « 62 % ». */
export const likenessText = (likeness: number | null) =>
  likeness === null ? "inconnue" : formatPercent(Math.round(likeness * 100));

/**
 * What a pending verification shows between the member and the decisions: the kept selfie frame
 * (a placeholder when it is gone, decided meanwhile by another administrator) beside the member's
 * profile photos.
 */
export function VerificationEvidence({
  verification: v,
  name,
}: {
  verification: AdminVerificationRow;
  name: string;
}) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      <ReviewImage
        src={v.selfieUrl}
        alt={`Selfie de vérification ${deName(name)}`}
        caption="Selfie filmé"
        unavailable="Selfie indisponible : la vérification a peut-être été décidée entre-temps."
      />
      <div className="flex flex-col gap-2">
        {v.photos.length === 0 ? (
          <p className="flex items-center gap-2 text-ink-soft">
            <ImageOff className="size-5" aria-hidden="true" />
            Aucune photo de profil.
          </p>
        ) : (
          <ul
            className="grid grid-cols-2 gap-3 sm:grid-cols-3"
            aria-label={`Photos de profil ${deName(name)}`}
          >
            {v.photos.map((photo, index) => (
              <li key={photo.key}>
                <a href={photo.url} target="_blank" rel="noreferrer" className="block rounded-xl">
                  <img
                    src={photo.thumbUrl || photo.url}
                    alt={`${name}, ${index + 1} sur ${v.photos.length} (agrandir dans un nouvel onglet)`}
                    loading="lazy"
                    className="aspect-[4/5] w-full rounded-xl bg-sand-100 object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm font-semibold text-teal-900">Photos de profil</p>
      </div>
    </div>
  );
}
