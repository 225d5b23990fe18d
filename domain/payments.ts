// How members pay: by card, or by mobile money with an operator of the country they live in. The
// providers (Stripe, CinetPay, FedaPay, the demo) are the server's business; the member chooses a
// method, an operator and a currency, and the server routes the payment to a provider that covers
// them (server/features/billing/providers/registry.ts).
import { OPERATORS, type OperatorId, type PaymentMethod, type ProviderName } from "./enums.ts";

export {
  OPERATORS,
  type OperatorId,
  PAYMENT_METHODS,
  type PaymentMethod,
  PROVIDER_NAMES,
  type ProviderName,
} from "./enums.ts";

/** How providers are named to members and administrators. */
export const PROVIDER_LABELS: Record<ProviderName | "admin", string> = {
  stripe: "Stripe",
  cinetpay: "CinetPay",
  fedapay: "FedaPay",
  demo: "Démonstration",
  admin: "Offert par l’équipe",
};

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  card: "Carte bancaire",
  "mobile-money": "Mobile money",
};

export function isOperator(value: unknown): value is OperatorId {
  return typeof value === "string" && Object.hasOwn(OPERATORS, value);
}

/**
 * The mobile-money operators members use in each country paying in CFA francs (spelled as in
 * domain/countries.ts), most used first. A country absent here has no mobile-money offer yet.
 */
export const OPERATORS_BY_COUNTRY: Readonly<Record<string, readonly OperatorId[]>> = {
  Sénégal: ["orange-money", "wave", "free-money"],
  "Côte d’Ivoire": ["orange-money", "mtn-momo", "wave", "moov-money"],
  Mali: ["orange-money", "moov-money"],
  "Burkina Faso": ["orange-money", "moov-money"],
  Bénin: ["mtn-momo", "moov-money"],
  Togo: ["t-money", "moov-money"],
  Niger: ["airtel-money", "moov-money"],
  "Guinée-Bissau": ["orange-money"],
  Cameroun: ["orange-money", "mtn-momo"],
  Gabon: ["airtel-money", "moov-money"],
  Congo: ["mtn-momo", "airtel-money"],
  Tchad: ["airtel-money", "moov-money"],
  "République centrafricaine": ["orange-money"],
};

export function operatorsOf(country: string | null | undefined): readonly OperatorId[] {
  return (country && OPERATORS_BY_COUNTRY[country]) || [];
}

/**
 * Which prices a member gets (issue 33, docs/decisions/0012): the CFA franc prices are set for the
 * purchasing power of the countries that use it, so they follow where the member lives — but a
 * declared country costs nothing to change. Mobile money in CFA francs is open at once: the wallet
 * belongs to an operator of the CFA zone, which ties the payment to the zone. A card is accepted
 * from anywhere, so card payments in the country's CFA franc open only once the country of residence
 * has stayed the same for this many days.
 */
export const LOCAL_CARD_PRICES_AFTER_DAYS = 30;

/**
 * When card payments in the local CFA franc open for a member whose country of residence last
 * changed at `countryChangedAt`; null when they are open (no change recorded, or long enough ago).
 */
export function localCardPricesFrom(countryChangedAt: Date | null, now: Date = new Date()): Date | null {
  if (!countryChangedAt) return null;
  const from = new Date(countryChangedAt.getTime() + LOCAL_CARD_PRICES_AFTER_DAYS * 86_400_000);
  return from > now ? from : null;
}

// The payment options of /subscription: described by their schemas in responses/subscriptions.ts,
// re-exported as types only (see responses/scalars.ts).
export type { PaymentMethodOption, PaymentOptionsDto } from "./responses/subscriptions.ts";

export const PAYMENT_MSG = {
  INVALID_SIGNATURE: "Signature invalide",
  PROVIDER_SILENT: "Le prestataire de paiement n’a pas répondu",
  METHOD_UNAVAILABLE: "Ce moyen de paiement n’est pas disponible pour votre pays ou cette devise",
  OPERATOR_REQUIRED: "Veuillez choisir votre opérateur de mobile money",
  CURRENCY_UNAVAILABLE: "Cette formule n’est pas proposée dans cette devise",
  PHONE_INVALID: "Veuillez saisir un numéro de téléphone valide, par exemple +221 77 123 45 67",
  LOCAL_CARD_PRICES_LATER: `Par carte, les prix en FCFA ne sont proposés que ${LOCAL_CARD_PRICES_AFTER_DAYS} jours après un changement de pays de résidence. Payez en euros par carte, ou en FCFA par mobile money.`,
  NOT_DEMO: "Ce paiement ne se confirme pas ici",
} as const;

/** A phone number as members type it: digits, spaces, dots or dashes, an optional leading +. */
export function normalisePhone(value: string): string | null {
  const trimmed = value.trim();
  if (!/^\+?[\d\s.-]{8,20}$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, "");
  return digits.length >= 8 && digits.length <= 15 ? (trimmed.startsWith("+") ? "+" : "") + digits : null;
}
