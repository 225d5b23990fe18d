import type { AdminVerificationRow } from "@domain/admin.ts";
import { deName } from "@domain/french.ts";
import { Check, ScanFace, X } from "lucide-react";
import { formatDateTime } from "../shared/labels.ts";
import { useListParams } from "../shared/list-params.ts";
import { type ReviewDecision, ReviewQueue } from "../shared/ReviewQueue.tsx";
import {
  useDecideVerification,
  useVerifications,
  VERIFICATIONS_LIST,
  type VerificationDecision,
  verificationsQuery,
} from "./api.ts";
import { likenessText, VerificationEvidence } from "./components/VerificationEvidence.tsx";

/** The two decisions, in the order of the card's buttons. */
const DECISIONS: ReviewDecision<AdminVerificationRow, VerificationDecision>[] = [
  {
    decision: "refuse",
    label: "Refuser",
    title: (name) => `Refuser la vérification ${deName(name)}`,
    icon: X,
    variant: "danger",
    tone: "danger",
    pendingLabel: "Enregistrement…",
    body: (_item, name) => (
      <>
        <p>
          {name} n’aura pas le badge et lira que le visage filmé ne correspond pas à ses photos de profil. Le
          membre pourra refaire une vérification.
        </p>
        <p className="text-sm text-ink-soft">Le selfie et l’empreinte du visage sont effacés.</p>
      </>
    ),
    done: (name) => `Vérification ${deName(name)} refusée : le membre en verra le motif et pourra réessayer.`,
  },
  {
    decision: "approve",
    label: "Approuver",
    title: (name) => `Approuver la vérification ${deName(name)}`,
    icon: Check,
    tone: "primary",
    pendingLabel: "Enregistrement…",
    body: (item, name) => (
      <>
        <p>
          Le selfie montre bien la personne des photos (ressemblance {likenessText(item.likeness)}) : le
          profil {deName(name)} portera le badge « Profil vérifié ».
        </p>
        <p className="text-sm text-ink-soft">
          Le selfie est effacé ; l’empreinte du visage est gardée tant que le badge est valable, pour
          contrôler les changements de photo principale.
        </p>
      </>
    ),
    done: (name) =>
      `Vérification ${deName(name)} approuvée : son profil porte désormais le badge « Profil vérifié ».`,
  },
];

/**
 * /admin/verifications: the profile verifications the automatic decision left to an administrator
 * (uncertain likeness), oldest first. Each shows the selfie beside the profile photos; approving
 * sets the « Profil vérifié » badge, refusing tells the member the face did not match. The selfie
 * is erased once decided.
 */
export default function VerificationsPage() {
  const params = useListParams(VERIFICATIONS_LIST);
  const list = useVerifications(verificationsQuery(params.page, params.size));
  const decide = useDecideVerification();
  return (
    <ReviewQueue
      title="Vérifications"
      intro="Les vérifications de profil dont la ressemblance avec les photos était incertaine, les plus anciennes d’abord. Comparez le selfie aux photos du membre, puis décidez : le selfie est effacé dès la décision."
      list={list}
      params={params}
      decide={decide}
      decisions={DECISIONS}
      text={{
        headingId: "verifications-queue",
        count: ["vérification à examiner", "vérifications à examiner"],
        list: "Vérifications à examiner",
        loading: "Chargement des vérifications…",
        loadError: "Impossible de charger les vérifications",
        empty: "Aucune vérification à examiner.",
        items: ["vérification", "vérifications"],
      }}
      emptyIcon={ScanFace}
      skeletonClassName="sm:h-72"
      cardLabel={(name) => `Vérification ${deName(name)}`}
      facts={(v) => [
        {
          term: "Ressemblance avec les photos :",
          value: likenessText(v.likeness),
          className: "text-lg font-bold text-teal-900 tabular-nums",
        },
        {
          term: "Demandée le",
          value: <time dateTime={v.createdAt}>{formatDateTime(v.createdAt)}</time>,
        },
      ]}
      evidence={(v, name) => <VerificationEvidence verification={v} name={name} />}
    />
  );
}
