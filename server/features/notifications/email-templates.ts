// The French notification e-mails: immediate (« Awa vous a écrit »), and the daily or weekly digest.

import { SHIELD_MSG } from "@domain/shield/shield.ts";
import { escapeHtml } from "../../platform/email/html.ts";
import { frenchLongDate } from "../../platform/email/templates.ts";
import type { MemberNews, NewsItem } from "./email-content.ts";
import { conversationUrl, excerpt } from "./push-content.ts";

export type NewsEmailKind = "immediate" | "daily" | "weekly";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** « Notifications discrètes » (issue 40): what happened, never who or what they wrote. */
function neutralLine(item: NewsItem): string {
  if (item.kind !== "message") return "Nouvelle activité sur votre compte.";
  return item.count > 1 ? `${item.count} nouveaux messages.` : "Nouveau message.";
}

function line(item: NewsItem, neutral: boolean): string {
  if (neutral) return neutralLine(item);
  if (item.kind === "like") return `${item.name} vous a envoyé un J’aime : votre conversation est ouverte.`;
  if (item.kind === "match") return `C’est un match : ${item.name} a aimé votre profil en retour.`;
  const what =
    item.count === 1 ? `${item.name} vous a écrit` : `${item.name} vous a écrit ${item.count} messages`;
  if (!item.latest) return `${what}.`;
  // The shield's words for a held message (issue 36) are not the member's: not quoted.
  if (item.latest === SHIELD_MSG.HELD_NOTIFICATION) return `${what}. ${item.latest}.`;
  return `${what} : « ${excerpt(item.latest)} »`;
}

function subjectOf(news: MemberNews, kind: NewsEmailKind): string {
  if (kind !== "immediate") return `Votre résumé Passerelle du ${frenchLongDate(news.until)}`;
  const [first] = news.items;
  if (news.neutral)
    return news.items.every((i) => i.kind === "message") ? "Nouveau message" : "Nouvelle activité";
  if (news.items.length === 1 && first)
    return first.kind === "match"
      ? `C’est un match avec ${first.name} !`
      : first.kind === "like"
        ? `${first.name} vous a envoyé un J’aime sur Passerelle`
        : `${first.name} vous a écrit sur Passerelle`;
  const count = (k: NewsItem["kind"]) => news.items.filter((i) => i.kind === k).length;
  const messages = news.items.filter((i) => i.kind === "message").reduce((n, i) => n + i.count, 0);
  const parts = [
    messages > 0 ? plural(messages, "nouveau message", "nouveaux messages") : "",
    count("like") > 0 ? `${count("like")} J’aime` : "",
    count("match") > 0 ? plural(count("match"), "nouveau match", "nouveaux matchs") : "",
  ].filter(Boolean);
  const last = parts.pop();
  return `${parts.length > 0 ? `${parts.join(", ")} et ${last}` : last} sur Passerelle`;
}

export function newsMail(
  news: MemberNews,
  kind: NewsEmailKind,
  baseUrl: string,
  unsubscribeUrl: string,
  preferencesUrl: string,
): RenderedMail {
  const intro =
    kind === "immediate"
      ? "Voici ce qui vous attend sur Passerelle :"
      : kind === "daily"
        ? "Voici ce qui s’est passé pour vous sur Passerelle depuis hier :"
        : "Voici ce qui s’est passé pour vous sur Passerelle cette semaine :";
  const items = news.items.map((i) => ({
    text: line(i, news.neutral),
    url: `${baseUrl}${conversationUrl(i.matchId)}`,
  }));
  const footer =
    "Vous recevez cet e-mail parce que les notifications par e-mail sont activées sur votre compte Passerelle.";
  const text = [
    "Bonjour,",
    intro,
    items.map((i) => `• ${i.text}\n  ${i.url}`).join("\n"),
    `Choisir quand recevoir ces e-mails : ${preferencesUrl}`,
    `Ne plus recevoir ces e-mails : ${unsubscribeUrl}`,
    `${footer}\n\nL’équipe Passerelle`,
  ].join("\n\n");
  const html = [
    "<p>Bonjour,</p>",
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>${items.map((i) => `<li><a href="${escapeHtml(i.url)}">${escapeHtml(i.text)}</a></li>`).join("")}</ul>`,
    `<p><a href="${escapeHtml(preferencesUrl)}">Choisir quand recevoir ces e-mails</a> · <a href="${escapeHtml(unsubscribeUrl)}">Ne plus recevoir ces e-mails</a></p>`,
    `<p>${escapeHtml(footer)}</p><p>L’équipe Passerelle</p>`,
  ].join("");
  return { subject: subjectOf(news, kind), text, html };
}
