import type { AdminPhotoReviewRow, MemberRef, PhotoReviewDecision } from "@domain/admin.ts";
import type { PhotoDto } from "@domain/profile.ts";
import { Button } from "@web/components/ui/Button.tsx";
import { Card } from "@web/components/ui/Card.tsx";
import { formatPercent } from "@web/lib/format.ts";
import { Ban, Check, ImageOff, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router-dom";
import { formatDateTime } from "../../shared/labels.ts";
import { MemberCell } from "../../shared/MemberCell.tsx";

const nameOf = (member: MemberRef) => member.name.trim() || member.email;
export const memberName = (r: AdminPhotoReviewRow) => nameOf(r.member);

/** The nudity model's doubt as a whole percentage: « 72 % ». */
export const scoreText = (score: number | null) =>
  score === null ? "inconnu" : formatPercent(Math.round(score * 100));

/** A photo at full size (the thumbnail's square may hide what matters), opened whole in a new tab. */
function Photo({ photo, alt, caption }: { photo: PhotoDto | null; alt: string; caption: ReactNode }) {
  const [failed, setFailed] = useState(false);
  return (
    <figure className="flex min-w-0 flex-col gap-2">
      {photo && !failed ? (
        <a href={photo.url} target="_blank" rel="noreferrer" className="block rounded-xl">
          <img
            src={photo.url}
            alt={`${alt} (agrandir dans un nouvel onglet)`}
            loading="lazy"
            onError={() => setFailed(true)}
            className="aspect-[4/5] w-full rounded-xl bg-sand-100 object-contain"
          />
        </a>
      ) : (
        <div className="flex aspect-[4/5] w-full flex-col items-center justify-center gap-2 rounded-xl bg-sand-100 p-3 text-center text-sm text-ink-soft">
          <ImageOff className="size-6" aria-hidden="true" />
          {photo ? "Photo indisponible." : "Cette photo n'est plus sur le profil."}
        </div>
      )}
      <figcaption className="text-sm font-semibold break-words text-teal-900">{caption}</figcaption>
    </figure>
  );
}

/**
 * One held photo: beside the other account's photo when it is the same picture, or with the nudity
 * model's score when it may be suggestive; the member; and the three decisions (each confirmed by
 * the page's dialog).
 */
export function PhotoReviewCard({
  review: r,
  onDecide,
}: {
  review: AdminPhotoReviewRow;
  onDecide: (decision: PhotoReviewDecision) => void;
}) {
  const name = memberName(r);
  const matchedName = r.matched?.member ? nameOf(r.matched.member) : null;
  return (
    <article aria-label={`Photo de ${name} à vérifier`}>
      <Card className="flex flex-col gap-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <MemberCell member={r.member} />
          <dl className="flex flex-col gap-0.5 text-sm sm:items-end sm:text-right">
            <div className="flex items-baseline gap-1.5">
              <dt className="text-ink-soft">Envoyée le</dt>
              <dd>
                <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
              </dd>
            </div>
            <div className="flex items-baseline gap-1.5">
              <dt className="text-ink-soft">Photos sur le profil :</dt>
              <dd className="tabular-nums">{r.memberPhotoCount}</dd>
            </div>
          </dl>
        </div>

        {r.reason === "reused" ? (
          <div className="flex flex-col gap-3">
            <p className="font-semibold text-ink">
              Même photo qu'un autre compte : elle a peut-être été volée.
            </p>
            {/* Side by side on every screen: the comparison is the point. */}
            <div className="grid max-w-2xl grid-cols-2 gap-3 sm:gap-4">
              <Photo photo={r.photo} alt={`Photo envoyée par ${name}`} caption="Photo envoyée" />
              <Photo
                photo={r.matched?.photo ?? null}
                alt={`Photo du compte de ${matchedName ?? "un compte supprimé"}`}
                caption={
                  r.matched?.member ? (
                    <>
                      Même photo sur le compte de{" "}
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
        ) : (
          <div className="grid grid-cols-2 gap-3 sm:max-w-2xl sm:gap-4">
            <Photo photo={r.photo} alt={`Photo envoyée par ${name}`} caption="Photo envoyée" />
            <p className="self-center rounded-xl bg-sand-100 p-3 font-semibold text-ink sm:p-4">
              Photo peut-être suggestive — score {scoreText(r.score)}
            </p>
          </div>
        )}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:flex-wrap sm:justify-end">
          {/* Named after the member: every card of the queue has the same three buttons. */}
          <Button variant="danger" aria-label={`Bannir le membre ${name}`} onClick={() => onDecide("ban")}>
            <Ban className="size-4.5" aria-hidden="true" />
            Bannir le membre
          </Button>
          <Button
            variant="secondary"
            aria-label={`Retirer la photo de ${name}`}
            onClick={() => onDecide("remove")}
          >
            <Trash2 className="size-4.5" aria-hidden="true" />
            Retirer la photo
          </Button>
          <Button aria-label={`Approuver la photo de ${name}`} onClick={() => onDecide("approve")}>
            <Check className="size-4.5" aria-hidden="true" />
            Approuver
          </Button>
        </div>
      </Card>
    </article>
  );
}
