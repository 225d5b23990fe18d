import type { SharedCardDto } from "@domain/sharing.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Skeleton } from "@web/components/ui/Skeleton.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { formatAgo, formatDate, formatTime, quoted } from "@web/lib/format.ts";
import { useMyShares, useRevokeShare } from "../api.ts";

function status(card: SharedCardDto): string {
  if (card.revokedAt) return `Retiré le ${formatDate(card.revokedAt)}`;
  if (!card.active) return `Expiré le ${formatDate(card.expiresAt)}`;
  return `Actif jusqu’au ${formatDate(card.expiresAt)}`;
}

function title(card: SharedCardDto): string {
  return card.kind === "family"
    ? `${card.member.firstName}, présenté(e) à ${card.relative ?? "un proche"}`
    : `Rendez-vous avec ${card.member.firstName}`;
}

function SharedLink({ card }: { card: SharedCardDto }) {
  const revoke = useRevokeShare();
  return (
    <li className="flex flex-col gap-2 border-t border-sand-200 pt-4 first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-teal-900">{title(card)}</p>
        <p className="text-sm text-ink-soft">{status(card)}</p>
      </div>
      {card.kind === "date" && (card.place || card.meetsAt) && (
        <p className="text-sm">
          {[card.place, card.meetsAt ? `le ${formatDate(card.meetsAt)} à ${formatTime(card.meetsAt)}` : null]
            .filter(Boolean)
            .join(", ")}
        </p>
      )}
      <p className="text-sm text-ink-soft">
        {card.lastViewedAt
          ? `Ouvert pour la dernière fois ${formatAgo(card.lastViewedAt)}`
          : "Pas encore ouvert"}
      </p>
      {card.word && (
        <blockquote className="rounded-lg bg-sand-100 px-3 py-2">
          <p className="text-sm font-medium text-ink-soft">
            {`Le mot de ${card.relative ?? "votre proche"}${card.wordAt ? `, ${formatAgo(card.wordAt)}` : ""} :`}
          </p>
          <p className="whitespace-pre-line">{card.word}</p>
        </blockquote>
      )}
      {card.active && (
        <div>
          <Button
            variant="secondary"
            size="sm"
            loading={revoke.isPending}
            loadingText="Retrait…"
            onClick={() => revoke.mutate(card.id)}
            aria-label={`Retirer le lien : ${title(card)}`}
          >
            Retirer le lien
          </Button>
        </div>
      )}
      {revoke.isError && <Alert tone="error">{errorMessage(revoke.error)}</Alert>}
    </li>
  );
}

/**
 * « Mes liens partagés » (issue 40): the member's links to her matches' cards, what became of them
 * (opened, revoked, expired), her relatives' private words, and « Retirer le lien ».
 */
export function SharedLinksSection() {
  const shares = useMyShares();
  if (shares.isPending) return <Skeleton className="h-24" />;
  if (shares.isError) return <Alert tone="error">{errorMessage(shares.error)}</Alert>;
  if (shares.data.length === 0)
    return (
      <p className="text-ink-soft">
        Aucun lien pour l’instant. Depuis une conversation, {quoted("Partager mon rendez-vous")} envoie la
        carte de votre match à un proche avant de vous rencontrer.
      </p>
    );
  return (
    <ul className="flex flex-col gap-4" aria-label="Mes liens partagés">
      {shares.data.map((card) => (
        <SharedLink key={card.id} card={card} />
      ))}
    </ul>
  );
}
