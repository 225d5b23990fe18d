import type { AdminPhotoReviewRow, PhotoReviewDecision } from "@domain/admin.ts";
import { deName } from "@domain/french.ts";
import { Ban, Check, Images, Trash2 } from "lucide-react";
import { formatDateTime } from "../shared/labels.ts";
import { useListParams } from "../shared/list-params.ts";
import { type ReviewDecision, ReviewQueue } from "../shared/ReviewQueue.tsx";
import { PHOTO_REVIEWS_LIST, photoReviewsQuery, useDecidePhotoReview, usePhotoReviews } from "./api.ts";
import { PhotoReviewEvidence } from "./components/PhotoReviewEvidence.tsx";

/**
 * The three decisions, in the order of the card's buttons: what each confirmation says, and what
 * the page announces once it is done.
 */
const DECISIONS: ReviewDecision<AdminPhotoReviewRow, PhotoReviewDecision>[] = [
  {
    decision: "ban",
    label: "Bannir le membre",
    title: (name) => `Bannir le membre ${name}`,
    icon: Ban,
    variant: "danger",
    tone: "danger",
    pendingLabel: "Bannissement…",
    body: (_item, name) => (
      <>
        <p>
          Le compte {deName(name)} est banni : toutes ses sessions sont fermées et le membre ne peut plus se
          connecter. La photo est supprimée.
        </p>
        <p className="text-sm text-ink-soft">Le bannissement peut être levé depuis la page du compte.</p>
      </>
    ),
    done: (name) => `Compte ${deName(name)} banni et photo retirée.`,
  },
  {
    decision: "remove",
    label: "Retirer la photo",
    title: (name) => `Retirer la photo ${deName(name)}`,
    icon: Trash2,
    variant: "secondary",
    tone: "danger",
    pendingLabel: "Suppression…",
    body: (_item, name) => (
      <>
        <p>La photo est supprimée du profil {deName(name)} et de nos serveurs.</p>
        <p className="text-sm text-ink-soft">Le compte reste actif, avec ses autres photos.</p>
      </>
    ),
    done: (name) => `Photo ${deName(name)} retirée de son profil.`,
  },
  {
    decision: "approve",
    label: "Approuver",
    title: (name) => `Approuver la photo ${deName(name)}`,
    icon: Check,
    tone: "primary",
    pendingLabel: "Enregistrement…",
    body: (item, name) => (
      <>
        <p>La photo devient visible sur le profil public {deName(name)}.</p>
        <p className="text-sm text-ink-soft">
          {item.reason === "reused"
            ? "Approuvez seulement si c’est bien sa photo, par exemple celle d’un ancien compte du même membre."
            : "Approuvez seulement si elle respecte les règles de la communauté."}
        </p>
      </>
    ),
    done: (name) => `Photo ${deName(name)} approuvée : elle est désormais visible sur son profil.`,
  },
];

/**
 * /admin/photo-reviews: the photos screening held from public view at upload (issue 16), oldest
 * first: the same picture as another account's photo (shown side by side), or a photo the nudity
 * model found doubtful (with its score). Approving makes the photo public; removing deletes it;
 * banning closes the account and deletes the photo.
 */
export default function PhotoReviewsPage() {
  const params = useListParams(PHOTO_REVIEWS_LIST);
  const list = usePhotoReviews(photoReviewsQuery(params.page, params.size));
  const decide = useDecidePhotoReview();
  return (
    <ReviewQueue
      title="Photos à vérifier"
      intro="Les photos retenues à l’envoi, les plus anciennes d’abord : la même photo que sur un autre compte (une photo volée, souvent) ou une photo peut-être suggestive. Le membre la voit sur son profil, mais personne d’autre tant que vous n’avez pas décidé."
      list={list}
      params={params}
      decide={decide}
      decisions={DECISIONS}
      text={{
        headingId: "photo-reviews-queue",
        count: ["photo à vérifier", "photos à vérifier"],
        list: "Photos à vérifier",
        loading: "Chargement des photos à vérifier…",
        loadError: "Impossible de charger les photos à vérifier",
        empty: "Aucune photo à vérifier.",
        items: ["photo", "photos"],
      }}
      emptyIcon={Images}
      skeletonClassName="sm:h-80"
      cardLabel={(name) => `Photo ${deName(name)} à vérifier`}
      facts={(r) => [
        { term: "Envoyée le", value: <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time> },
        { term: "Photos sur le profil :", value: r.memberPhotoCount, className: "tabular-nums" },
      ]}
      evidence={(r, name) => <PhotoReviewEvidence review={r} name={name} />}
    />
  );
}
