// Signals of romance scams (« brouteurs ») and attempts to leave the platform, in a message. Plain,
// tested rules with French word lists, not a black box: each signal says why it fired. The
// recipient sees a calm warning with a one-click report; nothing is blocked or hidden on a guess.

export type ScamSignal = "money" | "payment" | "contact" | "link";

/**
 * Lower case, accents removed, so « Envoyé » and « envoye » read the same; and every apostrophe a
 * keyboard makes (’ from a phone, ‘ or ʼ) read as the typewriter one the rules are written with.
 */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[\u2018\u2019\u02bc]/gu, "'")
    .toLowerCase();
}

const MONEY = [
  // asking for money or help
  /\b(envoie|envoi|envoy(?:e|er|ez|es)|transf[eè]re?r?|virer|vire|pr[eê]te?r?|aide financi[eè]re|avance)\b.{0,40}\b(argent|euros?|eur|cfa|fcfa|francs?|sous|fric|dollars?|\d+ ?(€|e|eur|euros|cfa|fcfa|\$))/,
  /\b(j'?ai|on a|nous avons) besoin d'?(un peu d'?)?(argent|aide|sous)\b/,
  /\b(frais|billet d'avion|visa|passeport|douane|hopital|hospital|ordonnance|scolarite|loyer|caution|heritage|colis)\b.{0,60}\b(payer|regler|paye|envoie|envoyer|besoin|aide)\b/,
  /\b(payer|regler|paye|envoie|envoyer|besoin|aide)\b.{0,60}\b(frais|billet d'avion|visa|passeport|douane|hopital|ordonnance|scolarite|loyer|caution|heritage|colis)\b/,
  // gifts and prepaid cards
  /\b(carte (cadeau|itunes|google play|steam|pcs|transcash|neosurf|prepayee)|coupons? (pcs|transcash|neosurf)|recharge (pcs|transcash|neosurf))\b/,
];

const PAYMENT = [
  /\b(western ?union|moneygram|ria money|worldremit|wave|orange money|mtn (mobile )?money|moov money|m-?pesa|mobile money|paypal|lydia|paylib|wero)\b/,
  /\b(bitcoin|btc|usdt|crypto(monnaie)?s?|binance)\b/,
  /\b(iban|rib|bic|swift|numero de compte|coordonnees bancaires)\b/,
  /\b[a-z]{2}\d{2}(?: ?[a-z0-9]{4}){3,7}\b/, // an IBAN-shaped string
];

const CONTACT = [
  /\b(whats ?app|watsap|wa\.me|telegram|signal|snap(chat)?|insta(gram)?|facebook|messenger|viber|imo|skype|hangouts?)\b/,
  /\b(ecris[- ]moi|contacte[- ]moi|ajoute[- ]moi|appelle[- ]moi|mon (numero|num|tel|telephone|mail|e-?mail|adresse))\b/,
  /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/,
];

// Phone numbers: 8 or more digits, possibly spaced, dotted or with a + prefix.
const PHONE = /(?:\+|00)?\d(?:[\s.-]?\d){7,}/;
const LINK = /\b(https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(com|fr|net|org|io|me|ly|link|site|app)\/\S*/;

export function scamSignals(text: string): ScamSignal[] {
  const t = fold(text);
  const found = new Set<ScamSignal>();
  if (MONEY.some((r) => r.test(t))) found.add("money");
  if (PAYMENT.some((r) => r.test(t))) found.add("payment");
  if (CONTACT.some((r) => r.test(t)) || PHONE.test(t)) found.add("contact");
  if (LINK.test(t)) found.add("link");
  return [...found];
}

export const SCAM_WARNING: Record<ScamSignal, string> = {
  money:
    "Ce message parle d’argent. Ne transférez jamais d’argent, ni de carte cadeau, à quelqu’un que vous n’avez pas rencontré.",
  payment:
    "Ce message mentionne un moyen de paiement ou des coordonnées bancaires. Ne transférez jamais d’argent à quelqu’un que vous n’avez pas rencontré.",
  contact:
    "Ce message propose de poursuivre ailleurs (téléphone, messagerie, e-mail). Prenez votre temps : rester sur Passerelle vous protège.",
  link: "Ce message contient un lien. N’ouvrez pas de lien d’une personne que vous ne connaissez pas encore.",
};
