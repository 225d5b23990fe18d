import { deName } from "@domain/french.ts";
import type { ShieldAccountDto } from "@domain/responses/shield.ts";
import type { ShieldDecision } from "@domain/shield/shield.ts";
import { Card } from "@web/components/ui/Card.tsx";
import { Ban, Check, ScanFace, ShieldAlert } from "lucide-react";
import { formatDateTime } from "../shared/labels.ts";
import { useListParams } from "../shared/list-params.ts";
import { type ReviewDecision, ReviewQueue } from "../shared/ReviewQueue.tsx";
import { SHIELD_LIST, shieldQuery, useDecideShield, useShieldQueue } from "./api.ts";
import { FairnessTable } from "./components/FairnessTable.tsx";
import { ShieldEvidence } from "./components/ShieldEvidence.tsx";
import { ShieldSettingsForm } from "./components/ShieldSettingsForm.tsx";

const STATUS: Record<ShieldAccountDto["status"], string> = {
  hold: "En attente (ses premiers messages ne sont pas remis)",
  verify: "Vérification par selfie exigée",
  released: "Libéré",
  clear: "Sans restriction",
};

const DECISIONS: ReviewDecision<ShieldAccountDto, ShieldDecision>[] = [
  {
    decision: "ban",
    label: "Bannir",
    title: (name) => `Bannir ${name}`,
    icon: Ban,
    variant: "danger",
    tone: "danger",
    pendingLabel: "Bannissement…",
    body: (_a, name) => (
      <>
        <p>
          Le compte {deName(name)} sera banni : ses sessions seront fermées et ses messages en attente ne
          seront jamais remis.
        </p>
        <p className="text-sm text-ink-soft">Le bannissement peut être levé depuis la page du compte.</p>
      </>
    ),
    done: (name) => `Compte ${deName(name)} banni.`,
  },
  {
    decision: "require_verification",
    label: "Exiger la vérification",
    title: (name) => `Exiger la vérification ${deName(name)}`,
    icon: ScanFace,
    variant: "secondary",
    tone: "primary",
    pendingLabel: "Enregistrement…",
    body: (_a, name) => (
      <p>
        {name} ne pourra plus commencer de conversation avant de réussir la vérification par selfie. Le membre
        le découvrira en écrivant, et pourra faire appel depuis « Comment Passerelle vous protège ».
      </p>
    ),
    done: (name) => `Vérification exigée pour ${name}.`,
  },
  {
    decision: "release",
    label: "Libérer",
    title: (name) => `Libérer ${name}`,
    icon: Check,
    tone: "primary",
    pendingLabel: "Libération…",
    body: (_a, name) => (
      <>
        <p>
          Les premiers messages en attente {deName(name)} seront remis tout de suite à leurs destinataires.
        </p>
        <p className="text-sm text-ink-soft">
          Les signaux passés ne comptent plus ; les demandes d’argent restent derrière leur avertissement.
        </p>
      </>
    ),
    done: (name) => `Compte ${deName(name)} libéré : ses messages en attente sont remis.`,
  },
];

/**
 * /admin/shield, « Bouclier » (issue 36): the accounts on quiet hold, asked to verify, or appealing,
 * with the signals that fired in plain French and their held messages; one-click decisions
 * (audited); the fairness table by country; the thresholds and weights.
 */
export default function ShieldPage() {
  const params = useListParams(SHIELD_LIST);
  const list = useShieldQueue(shieldQuery(params.page, params.size));
  const decide = useDecideShield();
  return (
    <div className="flex flex-col gap-8">
      <ReviewQueue
        title="Bouclier"
        intro="Les comptes que le Bouclier a mis en attente, ceux à qui une vérification est demandée, et les appels (en premier). Un compte en attente ne le sait pas : ses premiers messages attendent votre décision ou sa vérification par selfie."
        list={list}
        params={params}
        decide={decide}
        decisions={DECISIONS}
        text={{
          headingId: "shield-queue",
          count: ["compte à examiner", "comptes à examiner"],
          list: "Comptes à examiner",
          loading: "Chargement des comptes à examiner…",
          loadError: "Impossible de charger les comptes à examiner",
          empty: "Aucun compte en attente.",
          items: ["compte", "comptes"],
        }}
        emptyIcon={ShieldAlert}
        cardLabel={(name) => `Compte ${deName(name)} à examiner`}
        facts={(a) => [
          { term: "État :", value: STATUS[a.status] },
          { term: "Score :", value: Math.round(a.score), className: "tabular-nums" },
          ...(a.heldAt
            ? [
                {
                  term: "En attente depuis le",
                  value: <time dateTime={a.heldAt}>{formatDateTime(a.heldAt)}</time>,
                },
              ]
            : []),
          {
            term: "Inscrit le",
            value: <time dateTime={a.accountCreatedAt}>{formatDateTime(a.accountCreatedAt)}</time>,
          },
          { term: "Vit :", value: a.country || "non renseigné" },
          { term: "Origine :", value: a.originCountry || "non renseignée" },
          { term: "Selfie :", value: a.selfieVerified ? "vérifié" : "non vérifié" },
        ]}
        evidence={(a) => <ShieldEvidence account={a} />}
      />
      {list.data && list.data.failures > 0 && (
        <p className="text-sm text-ink-soft">
          {list.data.failures === 1
            ? "1 signal n’a pas pu être calculé"
            : `${list.data.failures} signaux n’ont pas pu être calculés`}{" "}
          sur ce serveur depuis son démarrage : les messages concernés sont passés normalement (voir les
          journaux).
        </p>
      )}
      <p className="text-xs text-ink-soft">
        Pays et réseaux des connexions : bases hors ligne geo-whois-asn-country (CC0) et IP to ASN Lite de{" "}
        <a href="https://db-ip.com" className="underline">
          DB-IP
        </a>{" "}
        avec Route Views (CC BY 4.0), via ip-location-db.
      </p>
      <Card className="flex flex-col gap-3 p-5">
        <h2 className="text-xl font-bold text-teal-900">Équité</h2>
        <FairnessTable />
      </Card>
      <Card className="flex flex-col gap-3 p-5">
        <h2 className="text-xl font-bold text-teal-900">Réglages</h2>
        <ShieldSettingsForm />
      </Card>
    </div>
  );
}
