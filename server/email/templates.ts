// French e-mail bodies. Plain text first; the HTML version is the same text with the link clickable.
import type { Mail } from "./mailer.ts";

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function withLink(
  to: string,
  subject: string,
  intro: string,
  label: string,
  url: string,
  outro: string,
): Mail {
  const text = `Bonjour,\n\n${intro}\n\n${url}\n\n${outro}\n\nL'équipe Passerelle`;
  const html = `<p>Bonjour,</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p><p>${escapeHtml(outro)}</p><p>L'équipe Passerelle</p>`;
  return { to, subject, text, html };
}

export const resetPasswordMail = (to: string, url: string) =>
  withLink(
    to,
    "Réinitialisation de votre mot de passe Passerelle",
    "Vous avez demandé à réinitialiser votre mot de passe. Ce lien est valable une heure :",
    "Choisir un nouveau mot de passe",
    url,
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
  );

export const verifyEmailMail = (to: string, url: string) =>
  withLink(
    to,
    "Confirmez votre adresse e-mail Passerelle",
    "Pour confirmer cette adresse e-mail sur Passerelle, ouvrez ce lien :",
    "Confirmer mon adresse e-mail",
    url,
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
  );
