// French e-mail bodies. Plain text first; the HTML version is the same text with the link clickable.
import { type Currency, formatMoney } from "@domain/money.ts";
import { escapeHtml } from "./html.ts";
import type { Mail } from "./mailer.ts";

function withLink(
  to: string,
  subject: string,
  intro: string,
  label: string,
  url: string,
  outro: string,
): Mail {
  const text = `Bonjour,\n\n${intro}\n\n${url}\n\n${outro}\n\nL’équipe Passerelle`;
  const html = `<p>Bonjour,</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p><p>${escapeHtml(outro)}</p><p>L’équipe Passerelle</p>`;
  return { to, subject, text, html };
}

export const resetPasswordMail = (to: string, url: string) =>
  withLink(
    to,
    "Réinitialisation de votre mot de passe Passerelle",
    "Vous avez demandé à réinitialiser votre mot de passe. Ce lien est valable une heure :",
    "Choisir un nouveau mot de passe",
    url,
    "Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
  );

export const verifyEmailMail = (to: string, url: string) =>
  withLink(
    to,
    "Confirmez votre adresse e-mail Passerelle",
    "Pour confirmer cette adresse e-mail sur Passerelle, ouvrez ce lien :",
    "Confirmer mon adresse e-mail",
    url,
    "Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.",
  );

/** Issue 34: to a member an administrator imported, who has no password yet. */
export const importedWelcomeMail = (to: string, firstName: string, url: string, days: number) =>
  withLink(
    to,
    "Votre compte Passerelle vous attend",
    `${firstName ? `${firstName}, l’équipe` : "L’équipe"} Passerelle a créé votre compte avec cette adresse e-mail. Pour vous connecter, choisissez d’abord votre mot de passe avec ce lien, valable ${days} jours :`,
    "Choisir mon mot de passe",
    url,
    "Ensuite, connectez-vous avec cette adresse e-mail et ce mot de passe. Si le lien a expiré, utilisez « Mot de passe oublié ? » sur la page de connexion. Si vous ne connaissez pas Passerelle, ignorez ce message.",
  );

/** To the owner of an address someone tried to sign up with (sign-up says the same either way). */
export const signUpAttemptMail = (to: string, loginUrl: string) =>
  withLink(
    to,
    "Quelqu’un a essayé de créer un compte Passerelle avec votre adresse",
    "Quelqu’un a essayé de créer un compte avec votre adresse e-mail, alors que vous avez déjà un compte Passerelle. Si c’était vous, connectez-vous ; en cas d’oubli, la page de connexion permet de choisir un nouveau mot de passe :",
    "Me connecter",
    loginUrl,
    "Si ce n’était pas vous, ignorez ce message : aucun compte n’a été créé et le vôtre n’a pas changé.",
  );

const longDate = new Intl.DateTimeFormat("fr-FR", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/Paris",
});

/** « 22 novembre 2026 », « 1er décembre 2026 » (French writes the first day of a month so). */
export const frenchLongDate = (d: Date) => longDate.format(d).replace(/^1 /, "1er ");

export interface Receipt {
  planLabel: string;
  amount: number;
  currency: Currency;
  /** « Carte bancaire », « Orange Money », … (« (démonstration) » for the demo). */
  paidWith: string;
  /** Our reference of the payment, to quote when writing to us. */
  reference: string;
  paidAt: Date;
  startDate: Date;
  endDate: Date;
}

/** The receipt sent after each payment (SPEC: French; amounts and dates the French way). */
export function subscriptionConfirmedMail(to: string, r: Receipt): Mail {
  const day = frenchLongDate;
  const lines = [
    `Formule : ${r.planLabel}`,
    `Montant payé : ${formatMoney(r.amount, r.currency)}`,
    `Moyen de paiement : ${r.paidWith}`,
    `Date du paiement : ${day(r.paidAt)}`,
    `Période : du ${day(r.startDate)} au ${day(r.endDate)}`,
    `Référence : ${r.reference}`,
  ];
  const text =
    `Bonjour,\n\nMerci ! Votre abonnement Passerelle est actif jusqu’au ${day(r.endDate)}.\n\n` +
    `Votre reçu :\n${lines.join("\n")}\n\n` +
    "Vous pouvez dès maintenant rechercher des profils, créer des matchs et échanger des messages.\n\n" +
    "Votre abonnement ne se renouvelle pas automatiquement : aucun autre paiement ne sera prélevé.\n\nL’équipe Passerelle";
  return {
    to,
    subject: `Votre reçu Passerelle : ${formatMoney(r.amount, r.currency)}`,
    text,
    html: text
      .split("\n\n")
      .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
      .join(""),
  };
}

export function warningMail(to: string, note: string): Mail {
  const text =
    "Bonjour,\n\nUn membre de Passerelle a signalé votre comportement et notre équipe de modération l’a examiné. " +
    "Nous vous rappelons que les demandes d’argent, le harcèlement et les contenus inappropriés sont interdits " +
    "par nos conditions d’utilisation.\n\n" +
    (note ? `Message de l’équipe : ${note}\n\n` : "") +
    "En cas de nouveau manquement, votre compte pourra être suspendu.\n\nL’équipe Passerelle";
  return {
    to,
    subject: "Avertissement de l’équipe de modération Passerelle",
    text,
    html: text
      .split("\n\n")
      .map((p) => `<p>${escapeHtml(p)}</p>`)
      .join(""),
  };
}

/**
 * To the address an account had when someone asked to change it (issue 33): a stolen session must
 * not move the account silently. The change only happens once the new address is confirmed.
 */
export const emailChangeRequestedMail = (to: string, newEmail: string, securityUrl: string) =>
  withLink(
    to,
    "Changement d’adresse e-mail demandé sur votre compte Passerelle",
    `Une demande de changement d’adresse e-mail vient d’être faite sur votre compte Passerelle, vers l’adresse ${newEmail}. Elle prendra effet quand le lien envoyé à cette adresse aura été ouvert. Si ce n’était pas vous, changez dès maintenant votre mot de passe : cela déconnecte aussi vos autres appareils.`,
    "Changer mon mot de passe",
    securityUrl,
    "Si c’était bien vous, vous n’avez rien à faire.",
  );
