import type { AdminVerificationRow } from "@domain/admin.ts";
import { Button } from "@web/components/ui/Button.tsx";
import { Card } from "@web/components/ui/Card.tsx";
import { formatPercent } from "@web/lib/format.ts";
import { Check, ImageOff, X } from "lucide-react";
import { useState } from "react";
import { formatDateTime } from "../../shared/labels.ts";
import { MemberCell } from "../../shared/MemberCell.tsx";

export const memberName = (v: AdminVerificationRow) => v.member.name.trim() || v.member.email;

/** The likeness as a whole percentage: « 62 % ». */
export const likenessText = (likeness: number | null) =>
  likeness === null ? "inconnue" : formatPercent(Math.round(likeness * 100));

/** The kept selfie frame; a placeholder when it is gone (decided meanwhile, by another administrator). */
function Selfie({ verification: v, name }: { verification: AdminVerificationRow; name: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <figure className="flex flex-col gap-2">
      {failed ? (
        <div className="flex aspect-[4/5] w-full flex-col items-center justify-center gap-2 rounded-xl bg-sand-100 p-4 text-center text-sm text-ink-soft">
          <ImageOff className="size-6" aria-hidden="true" />
          Selfie indisponible : la vérification a peut-être été décidée entre-temps.
        </div>
      ) : (
        <img
          src={v.selfieUrl}
          alt={`Selfie de vérification de ${name}`}
          onError={() => setFailed(true)}
          className="aspect-[4/5] w-full rounded-xl bg-sand-100 object-contain"
        />
      )}
      <figcaption className="text-sm font-semibold text-teal-900">Selfie filmé</figcaption>
    </figure>
  );
}

/**
 * One pending review: the selfie beside the member's profile photos, the likeness, and the two
 * decisions (each confirmed by the page's dialog).
 */
export function VerificationCard({
  verification: v,
  onDecide,
}: {
  verification: AdminVerificationRow;
  onDecide: (decision: "approve" | "refuse") => void;
}) {
  const name = memberName(v);
  return (
    <article aria-label={`Vérification de ${name}`}>
      <Card className="flex flex-col gap-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <MemberCell member={v.member} />
          <dl className="flex flex-col gap-0.5 text-sm sm:items-end sm:text-right">
            <div className="flex items-baseline gap-1.5">
              <dt className="text-ink-soft">Ressemblance avec les photos :</dt>
              <dd className="text-lg font-bold text-teal-900 tabular-nums">{likenessText(v.likeness)}</dd>
            </div>
            <div className="flex items-baseline gap-1.5">
              <dt className="text-ink-soft">Demandée le</dt>
              <dd>
                <time dateTime={v.createdAt}>{formatDateTime(v.createdAt)}</time>
              </dd>
            </div>
          </dl>
        </div>

        <div className="grid grid-cols-1 gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <Selfie verification={v} name={name} />
          <div className="flex flex-col gap-2">
            {v.photos.length === 0 ? (
              <p className="flex items-center gap-2 text-ink-soft">
                <ImageOff className="size-5" aria-hidden="true" />
                Aucune photo de profil.
              </p>
            ) : (
              <ul
                className="grid grid-cols-2 gap-3 sm:grid-cols-3"
                aria-label={`Photos de profil de ${name}`}
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

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {/* Named after the member: every card of the queue has the same two buttons. */}
          <Button
            variant="danger"
            aria-label={`Refuser la vérification de ${name}`}
            onClick={() => onDecide("refuse")}
          >
            <X className="size-4.5" aria-hidden="true" />
            Refuser
          </Button>
          <Button aria-label={`Approuver la vérification de ${name}`} onClick={() => onDecide("approve")}>
            <Check className="size-4.5" aria-hidden="true" />
            Approuver
          </Button>
        </div>
      </Card>
    </article>
  );
}
