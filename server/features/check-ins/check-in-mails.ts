// The e-mails of a missed check-in (issue 40): the alert to each contact, and the all-clear after
// a false alarm. Worded without the member's gender; the time as she set it, in her time zone.
import { CHECK_IN_MSG } from "@domain/check-ins.ts";
import { zoneTime } from "@domain/french.ts";
import { escapeHtml } from "../../platform/email/html.ts";
import type { Mail } from "../../platform/email/mailer.ts";

interface Alert {
  name: string;
  ownerName: string;
  dueAt: Date;
  timeZone: string | null;
  note: string | null;
  matchName: string | null;
}

function when(at: Date, timeZone: string | null): string {
  const zone = timeZone ?? "Europe/Paris";
  const day = new Intl.DateTimeFormat("fr-FR", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: zone,
  })
    .format(at)
    .replace(/^1 /, "1er ");
  const time = new Intl.DateTimeFormat("fr-FR", {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: zone,
  }).format(at);
  return `le ${day} à ${time} (${zoneTime(zone)})`;
}

const html = (paragraphs: string[]) => paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("");

export function alertMail(to: string, a: Alert): Mail {
  const subject = `${a.ownerName} n’a pas confirmé que tout va bien`;
  const paragraphs = [
    `Bonjour ${a.name},`,
    `${a.ownerName} vous a choisi(e) sur Passerelle comme personne à prévenir. Il était prévu de confirmer que tout allait bien ${when(a.dueAt, a.timeZone)}, et ce n’est pas fait.`,
    ...(a.matchName ? [`Il s’agissait d’un rendez-vous avec ${a.matchName}.`] : []),
    ...(a.note ? [`Le mot laissé pour vous : « ${a.note} »`] : []),
    `Essayez de joindre ${a.ownerName} (téléphone, messages). Si vous pensez qu’il y a un danger, appelez les secours du pays où se trouve ${a.ownerName}.`,
    CHECK_IN_MSG.NOT_EMERGENCY,
    "L’équipe Passerelle",
  ];
  return { to, subject, text: paragraphs.join("\n\n"), html: html(paragraphs) };
}

export function allClearMail(to: string, a: Pick<Alert, "name" | "ownerName">): Mail {
  const paragraphs = [
    `Bonjour ${a.name},`,
    `${a.ownerName} a confirmé que tout va bien : l’alerte que vous avez reçue était une fausse alerte.`,
    "L’équipe Passerelle",
  ];
  return {
    to,
    subject: `Fausse alerte : ${a.ownerName} va bien`,
    text: paragraphs.join("\n\n"),
    html: html(paragraphs),
  };
}
