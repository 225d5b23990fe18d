// Payment instructions and money requests in a message (issue 36). Plain rules over the words the
// writer meant (./normalize.ts), each finding named in French so that an administrator sees why. A
// mention of money is not a request: « j'ai payé mon abonnement », « Western Union a fermé près de
// chez moi » or « le billet coûte 700 € » stay untouched; asking, or telling how to pay, is what counts.

import { editDistance, lexiconWords, plainText } from "./normalize.ts";

type MeansKind = "transfer" | "coupon" | "mobile" | "bank" | "crypto";

interface Means {
  /** Letters only, as lexiconWords gives them (one word, or two joined). */
  term: string;
  kind: MeansKind;
  /** How it is named to an administrator. */
  label: string;
  /** Read through one misspelt letter (only for long, unambiguous names). */
  fuzzy?: boolean;
}

const MEANS: Means[] = [
  { term: "westernunion", kind: "transfer", label: "Western Union", fuzzy: true },
  { term: "western", kind: "transfer", label: "Western Union", fuzzy: true },
  { term: "wu", kind: "transfer", label: "Western Union" },
  { term: "moneygram", kind: "transfer", label: "MoneyGram", fuzzy: true },
  { term: "moneygramm", kind: "transfer", label: "MoneyGram" },
  { term: "ria", kind: "transfer", label: "RIA" },
  { term: "mtcn", kind: "transfer", label: "Western Union (MTCN)" },
  { term: "worldremit", kind: "transfer", label: "WorldRemit", fuzzy: true },
  { term: "remitly", kind: "transfer", label: "Remitly", fuzzy: true },
  { term: "taptapsend", kind: "transfer", label: "Taptap Send", fuzzy: true },
  { term: "sendwave", kind: "transfer", label: "Sendwave", fuzzy: true },
  { term: "pcs", kind: "coupon", label: "coupon PCS" },
  { term: "transcash", kind: "coupon", label: "coupon Transcash", fuzzy: true },
  { term: "neosurf", kind: "coupon", label: "coupon Neosurf", fuzzy: true },
  { term: "toneo", kind: "coupon", label: "coupon Toneo" },
  { term: "paysafecard", kind: "coupon", label: "Paysafecard", fuzzy: true },
  { term: "itunes", kind: "coupon", label: "carte iTunes" },
  { term: "googleplay", kind: "coupon", label: "carte Google Play", fuzzy: true },
  { term: "cartecadeau", kind: "coupon", label: "carte cadeau", fuzzy: true },
  { term: "coupon", kind: "coupon", label: "coupon prépayé" },
  { term: "coupons", kind: "coupon", label: "coupon prépayé" },
  { term: "orangemoney", kind: "mobile", label: "Orange Money", fuzzy: true },
  { term: "orangmoney", kind: "mobile", label: "Orange Money" },
  { term: "om", kind: "mobile", label: "Orange Money" },
  { term: "momo", kind: "mobile", label: "MTN Mobile Money" },
  { term: "mtnmoney", kind: "mobile", label: "MTN Mobile Money", fuzzy: true },
  { term: "mtnmomo", kind: "mobile", label: "MTN Mobile Money" },
  { term: "moovmoney", kind: "mobile", label: "Moov Money", fuzzy: true },
  { term: "flooz", kind: "mobile", label: "Flooz" },
  { term: "moov", kind: "mobile", label: "Moov Money" },
  { term: "mtn", kind: "mobile", label: "MTN Mobile Money" },
  { term: "wave", kind: "mobile", label: "Wave" },
  { term: "tmoney", kind: "mobile", label: "T-Money" },
  { term: "mpesa", kind: "mobile", label: "M-Pesa" },
  { term: "airtelmoney", kind: "mobile", label: "Airtel Money", fuzzy: true },
  { term: "mobilemoney", kind: "mobile", label: "mobile money", fuzzy: true },
  { term: "iban", kind: "bank", label: "IBAN" },
  { term: "rib", kind: "bank", label: "RIB" },
  { term: "swift", kind: "bank", label: "code SWIFT" },
  { term: "virement", kind: "bank", label: "virement bancaire", fuzzy: true },
  { term: "cvv", kind: "bank", label: "code de carte bancaire" },
  { term: "cryptogramme", kind: "bank", label: "code de carte bancaire", fuzzy: true },
  { term: "bitcoin", kind: "crypto", label: "Bitcoin", fuzzy: true },
  { term: "btc", kind: "crypto", label: "Bitcoin" },
  { term: "usdt", kind: "crypto", label: "USDT" },
  { term: "trc20", kind: "crypto", label: "USDT" },
  { term: "binance", kind: "crypto", label: "Binance", fuzzy: true },
  { term: "crypto", kind: "crypto", label: "cryptomonnaie" },
  { term: "ethereum", kind: "crypto", label: "Ethereum", fuzzy: true },
];

const BY_TERM = new Map(MEANS.map((m) => [m.term, m]));
const FUZZY = MEANS.filter((m) => m.fuzzy);

/** The means of payment named in the words (single words and pairs joined: « mony gram »). */
function meansIn(words: string[]): Means[] {
  const found = new Map<string, Means>();
  const consider = (candidate: string) => {
    const exact = BY_TERM.get(candidate);
    if (exact) return void found.set(exact.label, exact);
    if (candidate.length < 6 || /\d/.test(candidate)) return;
    for (const m of FUZZY)
      if (editDistance(candidate, m.term, candidate.length >= 10 ? 2 : 1) <= (candidate.length >= 10 ? 2 : 1))
        found.set(m.label, m);
  };
  for (let i = 0; i < words.length; i++) {
    consider(words[i]!);
    if (i + 1 < words.length) consider(words[i]! + words[i + 1]!);
  }
  return [...found.values()];
}

// Asking: an imperative aimed at the reader, a question of ability, a plea.
const REQUEST = [
  /\b(envoie|envoies|envoi|envois|envoit|anvoi|anvoie|envoye|envoyez|aide|aides|aidez|prete|pretes|pretez|depanne|depannes|depannez|donne|donnes|donnez|rembourse|paie|paye|payez|achete|achetes|achetez|recharge|fais|faites|transfere|vire|virez|met|mets|mettez|avance|avances|avancez)[ -]?(moi|m'|nous|lui|m'en|moi en)\b/,
  /\b(tu peux|peux[ -]tu|pourrais[ -]tu|tu pourrais|pouvez[ -]vous|pourriez[ -]vous|vous pourriez|vous pouvez|tu veux bien|tu voudrais|tu peut|tu pe|tu pourai|stp|svp|s'il te plait|s'il vous plait|il faut que tu|faut que tu|je te demande|je vous demande|j'attends? (ton|votre)|n'oublie pas)\b.{0,50}\b(m'?envoy\w*|envoy\w*|envoi\w*|m'?aider|aider|preter|me preter|payer|regler|depanner|acheter|faire (un |le )?(transfert|virement|depot)|virer|transferer|recharger|rembourser|contribuer|participer|m'?avancer|avancer)/,
  /\b(fais|faites|faire) (un |le )?(transfert|virement|depot|envoi)\b/,
];

// An imperative on its own (« envoie vite », « paie le billet »), not a statement (« je t'envoie »,
// « c'est moi qui paie »): it asks only next to money.
const IMPERATIVE =
  /(?<!\b(?:je|j'|tu|il|elle|on|qui|t'|m'|me|te|lui|nous|vous|ils|elles|une|l'|d'|mon|ton|son|ma|ta|sa|la|de|du|en|ai|as|a|avons|avez|ont|ete|est|suis|sont|deja|bien|pas|jamais|d'abord|j'ai|jai) ?)\b(envoie|envoi|envois|envoit|anvoi|anvoie|envoyez|paie|paye|payez|achete|achetez|avance|avancez|prete|pretez|depose|deposez|mets|mettez|transfere|transferez|vire|virez|donne|donnez|aide|aidez|gratte|grattez|recharge|rechargez|fais|faites|send)\b(?! (?:gaffe|attention|signe|confiance|moi signe|vite signe))/;

// How to pay: whom, where, which code. With a request, an amount or a means of payment, an instruction.
const INSTRUCTION =
  /\b(au nom de|nom du beneficiaire|beneficiaire|numero de (transfert|retrait)|code (de|du) (retrait|transfert|coupon|recharge)|les codes?|sur ce numero|sur mon numero|a ce numero|mon numero (om|orange|wave|momo|mtn|moov)|sur mon (om|wave|momo|moov|mtn|compte|wallet)|envoie sur|envoi sur|depose sur|depot sur|faire depot|gratte|grattez|photo du (ticket|coupon|recu)|je recupere|recuperer l'argent|retrait|nom [a-z]+ [a-z]+|sur le (meme )?(numero|nombre|n°|no)|le n°|au numero)\b/;

// A question of ability or a wish aimed at the reader: with an amount, a means or an instruction, a request.
const MODAL =
  /\b(tu peux|si tu peux|si tu pouvais|tu pourrais|peux[ -]tu|pourrais[ -]tu|pouvez[ -]vous|pourriez[ -]vous|si vous pouvez|si vous pouviez|vous pourriez|tu veux bien|tu voudrais bien|au moins|meme juste|c'est juste)\b/;

// Softer asks that only count next to a means of payment: « passe par W.U stp ».
const MEANS_REQUEST = [
  /\b(passer|passe|passes|passez|utilise|utiliser|utilisez|prends|prendre|achete|achetes|acheter)\b.{0,15}\b(par|via|des|un|une|le|la)\b/,
  /\b(stp|svp|s'il te plait|s'il vous plait|please|plz|pls)\b/,
];

// Needing: money is missing, or owed, and the writer says so.
const NEED = [
  /\b(j'?ai besoin|jai besoin|j'ai vraiment besoin|il me faut|il (me )?manque|il reste|reste a payer|je dois (payer|regler|\d+)|dois payer|faut (payer|regler)|faut \d+|(?:tant que|si) je (?:paie|paye) pas|(?<!\b(?:te|vous|qui|t') )(?:reclame\w*|exige\w*|demande\w*|veut|veulent)(?: [\p{L}']+){0,2} (?:l'argent|argent|la somme|des frais|les frais|la taxe|une taxe|taxe|une amende|amende|une penalite|penalite)|(?:je|on|nous) (?:doit|dois|devons) payer|(?:reclame\w*|exige\w*|demande|demandent|veut|veulent)(?: [\p{L}']+){0,3} \d+|sinon|sans (?:la |une )?(?:caution|avance|paiement)|est bloque|sont bloques|bloque a|si tu m'?aimes|si tu m'aimais|aide financiere|un petit geste|un geste pour moi|coup de main|sauve moi|je n'ai (plus )?rien|je suis fauche|en galere|urgence|urgent|suffi\w*|la moitie|ca aide|ca m'aiderait|dans le (dja|gbe)|je n'ai (meme )?pas (l'argent|cette somme|les moyens|de quoi)|j'ai pas (l'argent|cette somme|les moyens)|n'a plus de quoi|je te rembourse\w*|je vous rembourse\w*|te rembourser|vous rembourser|rembourse (des|a)|avant (lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|demain|ce soir))\b/u,
];

const MONEY_WORDS =
  /\b(argent|l'argent|sous|fric|frais|taxes?|penalite|amende|wari|nkap|ndoh|moni|cash|somme|montant|euros?|dollars?|fcfa|cfa|francs?)\b/;

// The classic pretexts of the scripts (issue 36): customs, hospital, visa, ticket, inheritance…
const PRETEXTS: [RegExp, string][] = [
  [/\b(douane|douanes|dedouanement|colis)\b/, "la douane ou un colis"],
  [
    /\b(hopital|hospital|hospitalise|ordonnance|operation|medicaments?|soins|clinique)\b/,
    "des frais médicaux",
  ],
  [/\b(visa|passeport|ambassade)\b/, "un visa ou un passeport"],
  [/\b(billet|billets|vol|avion)\b/, "un billet d’avion"],
  [/\b(heritage|succession|notaire|avocat|fonds bloques?)\b/, "un héritage ou des fonds bloqués"],
  [/\b(loyer|caution|scolarite|ecole|expulse)\b/, "un loyer ou la scolarité"],
  [/\b(amende|police|prison|commissariat)\b/, "une amende ou la police"],
];

const AMOUNT = [
  /(?:^|[^\p{L}\d])\d[\d .,]*\s?(€|£|eur|euros?|eu?r0s|\$|usd|dollars?|fcfa|cfa|f cfa|francs?|chf|mille|mil|millions?|k|kolos?|balles|piasses?|cennes?)(?![\p{L}\d])/u,
  /(?:^|\s)[\doil]*\d[\doil]*\s?(€|\$)/u,
  /(?:^|[^\d+])\d{1,3}(?:[ .]\d{3})+(?![\d])(?! ?\d{2}\b)/u,
  /\b(cent|cents|mille|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|vingt|trente|quarante|cinquante|soixante)( [a-z-]+){0,2} (euros?|dollars?|fcfa|francs?|balles)\b/,
];

// Telling what one did, not asking: « j'ai envoyé 100 € par Wave à ma mère ».
const PAST =
  /\b(j'?ai|on a|nous avons|il a|elle a|ils ont|j'avais|je viens d'|je viens de) (deja |bien |juste |d'abord |me suis |vous suis )?(envoye|paye|fait|recu|transfere|vire|achete|utilise|depose)\b/;

const IBAN = /\b[a-z]{2}\d{2}(?:[ -]?[a-z0-9]{4}){2,7}(?:[ -]?[a-z0-9]{1,4})?\b/i;
const CRYPTO_ADDRESS =
  /\b(bc1[a-z0-9]{20,60}|[13][a-km-zA-HJ-NP-Z1-9]{25,34}|T[a-km-zA-HJ-NP-Z1-9]{33}|0x[a-fA-F0-9]{40})\b/;
const DIGIT_RUN = /\d(?:[ -]?\d){12,18}/g;

/** Whether a run of 13 to 19 digits passes the Luhn check, as card numbers do. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function ibanIn(text: string): boolean {
  const m = IBAN.exec(text);
  if (!m) return false;
  // An IBAN has at least 14 characters without spaces, mostly digits after its country and check.
  const compact = m[0].replace(/[ -]/g, "");
  return compact.length >= 14 && (compact.slice(4).match(/\d/g)?.length ?? 0) >= 8;
}

function cardIn(text: string): boolean {
  for (const m of text.matchAll(DIGIT_RUN)) {
    const digits = m[0].replace(/\D/g, "");
    if (digits.length >= 13 && digits.length <= 19 && !/^0/.test(digits) && luhn(digits)) return true;
  }
  return false;
}

export interface MoneyFinding {
  /** Asking for money or telling how to pay: what holds a message from a new or unverified account. */
  request: boolean;
  /** Money is talked about at all (for the first-time reminder), request or not. */
  mentioned: boolean;
  /** Why, in French, for administrators (« Western Union », « IBAN », « demande d'argent »…). */
  reasons: string[];
}

// Phone numbers are not amounts (« +234 803 555 7712 »): taken out before amounts are read.
const PHONE_LIKE = /(?:\+|\b00)\d[\d .-]{7,}\d|\b0\d(?:[ .-]?\d{2}){4}\b/g;

export function moneyFinding(text: string): MoneyFinding {
  const plain = plainText(text).replace(PHONE_LIKE, " ");
  const words = lexiconWords(plain);
  const reasons: string[] = [];
  const identifiers: string[] = [];
  if (ibanIn(plain)) identifiers.push("un IBAN");
  if (cardIn(plain)) identifiers.push("un numéro de carte bancaire");
  if (CRYPTO_ADDRESS.test(text)) identifiers.push("une adresse de cryptomonnaie");
  const means = meansIn(words);
  const request = REQUEST.some((r) => r.test(plain));
  const imperative = IMPERATIVE.test(plain);
  const need = NEED.some((r) => r.test(plain));
  const instruction = INSTRUCTION.test(plain);
  const amount = AMOUNT.some((r) => r.test(plain));
  const moneyWord = MONEY_WORDS.test(plain);
  const pretexts = PRETEXTS.filter(([r]) => r.test(plain)).map(([, label]) => label);
  const past = PAST.test(plain);

  // Mobile money and bank transfers are everyday life, amounts included (« je paie mon loyer par
  // Wave, 50 000 ») : only asking, or an instruction, makes them a request.
  const remittance = means.some((m) => m.kind === "transfer" || m.kind === "coupon" || m.kind === "crypto");
  const instructions =
    identifiers.length > 0 ||
    (means.length > 0 && (request || imperative || need || MEANS_REQUEST.some((r) => r.test(plain)))) ||
    (remittance && amount && !past) ||
    (means.some((m) => m.kind === "coupon") && /\bcodes?\b/.test(plain)) ||
    (instruction && (request || imperative || amount || means.length > 0)) ||
    (MODAL.test(plain) && (amount || means.length > 0 || instruction) && !past);
  const moneyContext = amount || moneyWord || pretexts.length > 0;
  const asking = ((request || imperative) && moneyContext) || (need && !past && (amount || moneyWord));
  if (identifiers.length > 0) reasons.push(`coordonnées de paiement : ${identifiers.join(", ")}`);
  if (means.length > 0)
    reasons.push(`moyen de paiement : ${[...new Set(means.map((m) => m.label))].join(", ")}`);
  if (asking) reasons.push("demande d’argent");
  if (pretexts.length > 0 && (asking || instructions)) reasons.push(`prétexte : ${pretexts.join(", ")}`);
  return {
    request: instructions || asking,
    mentioned: instructions || asking || means.length > 0 || amount || moneyWord,
    reasons: instructions || asking ? reasons : [],
  };
}
