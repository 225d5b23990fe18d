// Generates demo members (user + profile + optional subscription) from a seeded random source.
import { minusYears, todayIso } from "@domain/age.ts";
import type { AccountStatus, Gender } from "@domain/constants.ts";
import { type Currency, currencyForCountry } from "@domain/money.ts";
import { operatorsOf, type PaymentMethod } from "@domain/payments.ts";
import { INTEREST_SUGGESTIONS, LOOKING_FOR_OPTIONS, type Relocate } from "@domain/profile.ts";
import { DEFAULT_PLANS } from "@domain/subscriptions.ts";
import { emailSlug, ORIGINS, type Origin } from "./names.ts";
import { OCCUPATIONS, RETIRED, STUDENT } from "./occupations.ts";
import { type Random, randomId } from "./random.ts";
import { writeBio } from "./texts.ts";

const DAY = 86_400_000;

export const DEMO_EMAIL_DOMAIN = "demo.passerelle.example";
export const SUBSCRIPTION = {
  plan: "3-mois",
  provider: "demo",
  days: 90,
} as const;

/**
 * How a seeded subscriber paid for the 3-month plan: in their country's currency, by its first
 * mobile-money operator in the CFA countries, by card elsewhere (the default plan prices).
 */
export function seedPayment(country: string): {
  amount: number;
  currency: Currency;
  method: PaymentMethod;
  operator: string | null;
} {
  const currency = currencyForCountry(country);
  const plan = DEFAULT_PLANS.find((p) => p.id === SUBSCRIPTION.plan)!;
  const operator = operatorsOf(country)[0] ?? null;
  return {
    amount: plan.prices[currency] ?? plan.prices.EUR,
    currency: plan.prices[currency] === undefined ? "EUR" : currency,
    method: currency !== "EUR" && operator ? "mobile-money" : "card",
    operator: currency !== "EUR" ? operator : null,
  };
}

export interface SeedProfile {
  firstName: string;
  lastName: string;
  gender: Gender;
  lookingFor: string;
  birthDate: string;
  /** Country of residence. */
  country: string;
  /** Country of origin: where the member's names, languages and portraits come from ("" = same). */
  originCountry: string;
  city: string;
  relocate: Relocate | null;
  /** When the member was last active (presence), null for never since sign-up. */
  lastActiveAt: Date | null;
  presenceHidden: boolean;
  phoneNumber: string;
  bio: string;
  occupation: string;
  education: string;
  languages: string[];
  interests: string[];
  accountStatus: AccountStatus;
}

export interface SeedMember {
  id: string;
  email: string;
  name: string;
  role: "user" | "admin";
  createdAt: Date;
  /** Null for accounts without a member profile (the administrator). */
  profile: SeedProfile | null;
  /** Storage keys, main photo first; filled in by the caller. */
  photos: string[];
  /** How many portraits to draw for this member, the backdrop hue of the first, and their seed. */
  photoPlan: { count: number; hue: number; seed: number };
  /** Start of the active subscription of subscribed members. */
  subscriptionStart: Date | null;
}

const LOOKING_FOR_WEIGHTS: Record<string, number> = {
  "Une relation sérieuse": 40,
  "Le mariage": 20,
  "Faire connaissance avant tout": 20,
  "Une amitié": 8,
  "Des échanges culturels": 12,
};

const AGE_BANDS = [
  { min: 20, max: 29, weight: 30 },
  { min: 30, max: 39, weight: 32 },
  { min: 40, max: 49, weight: 20 },
  { min: 50, max: 65, weight: 18 },
];

/**
 * Where a member of this origin lives: most at home, a quarter of the Africans in the European
 * diaspora (France first), and a few Europeans in francophone Africa.
 */
const DIASPORA = {
  africansInEurope: 0.25,
  europeansInAfrica: 0.08,
  europe: [
    { country: "France", weight: 60 },
    { country: "Belgique", weight: 22 },
    { country: "Suisse", weight: 12 },
    { country: "Luxembourg", weight: 6 },
  ],
  africa: [
    { country: "Sénégal", weight: 30 },
    { country: "Côte d’Ivoire", weight: 25 },
    { country: "Maroc", weight: 25 },
    { country: "Cameroun", weight: 10 },
    { country: "Madagascar", weight: 10 },
  ],
} as const;

const RELOCATE_WEIGHTS: { value: Relocate | null; weight: number }[] = [
  { value: "yes", weight: 30 },
  { value: "maybe", weight: 35 },
  { value: "no", weight: 15 },
  { value: null, weight: 20 },
];

/** The member's country of residence and city, and the country of origin stored for them. */
function residence(origin: Origin, rng: Random): { country: string; originCountry: string; city: string } {
  const european = origin.region === "europe";
  const abroad = rng.chance(european ? DIASPORA.europeansInAfrica : DIASPORA.africansInEurope);
  if (!abroad)
    // At home: some say where they come from anyway, most leave it out.
    return {
      country: origin.country,
      originCountry: rng.chance(0.3) ? origin.country : "",
      city: rng.pick(origin.cities),
    };
  const destinations: readonly { country: string; weight: number }[] = european
    ? DIASPORA.africa
    : DIASPORA.europe;
  const country = rng.weighted(destinations).country;
  const home = ORIGINS.find((o) => o.country === country);
  return { country, originCountry: origin.country, city: home ? rng.pick(home.cities) : "" };
}

/**
 * When demo members were last active: a few online now, many today or this week, some longer ago;
 * never before they signed up.
 */
function lastActive(rng: Random, createdAt: number, now: number): Date | null {
  const r = rng.next();
  // To the second, as real activity is (whole minutes or days gave thousands of equal times).
  const ago =
    r < 0.06
      ? rng.int(0, 299) * 1000
      : r < 0.3
        ? rng.int(10 * 60, 23 * 3600) * 1000
        : r < 0.6
          ? rng.int(1, 6) * DAY + rng.int(0, 86_399) * 1000
          : r < 0.92
            ? rng.int(8 * 86_400, 60 * 86_400) * 1000
            : null;
  if (ago === null) return null;
  return new Date(Math.max(createdAt, now - ago));
}

/** A birth date giving exactly `age` full years today. */
export function birthDateForAge(age: number, rng: Random, today = todayIso()): string {
  const anniversary = Date.parse(`${minusYears(today, age)}T00:00:00Z`);
  return new Date(anniversary - rng.int(0, 360) * DAY).toISOString().slice(0, 10);
}

function phoneNumber(prefixes: readonly string[], digits: number, rng: Random): string {
  let n = rng.pick(prefixes);
  for (let i = 0; i < digits; i++) n += String(rng.int(0, 9));
  return n;
}

function photoCount(rng: Random): number {
  if (rng.chance(0.1)) return 0;
  const r = rng.next();
  return r < 0.5 ? 1 : r < 0.85 ? 2 : 3;
}

/**
 * One ordinary member. `n` makes the e-mail address unique (prenom.nom.n@demo.passerelle.example);
 * everything but the id comes from `rng`, so a seed always gives the same people.
 */
export function generateMember(rng: Random, n: number, now: number): SeedMember {
  const origin = rng.weighted(ORIGINS);
  const gender: Gender = rng.chance(0.5) ? "male" : "female";
  const firstName = rng.pick(gender === "male" ? origin.male : origin.female);
  const lastName = rng.pick(origin.last);
  const band = rng.weighted(AGE_BANDS);
  const age = rng.int(band.min, band.max);
  const stage =
    age >= 62 && rng.chance(0.6) ? "retired" : age <= 24 && rng.chance(0.5) ? "student" : "working";
  const job = stage === "retired" ? RETIRED : stage === "student" ? STUDENT : rng.pick(OCCUPATIONS);
  const occupation = gender === "male" ? job.m : job.f;
  const lookingFor = rng.weighted(
    LOOKING_FOR_OPTIONS.map((o) => ({ o, weight: LOOKING_FOR_WEIGHTS[o] ?? 10 })),
  ).o;
  const interests = rng.sample(INTEREST_SUGGESTIONS, rng.int(2, 6));
  const createdAt = new Date(now - Math.floor(rng.next() * 90 * DAY));
  const subscribed = rng.chance(0.35);
  // Subscriptions started after sign-up and at most 60 days ago, so all 90-day periods are running.
  const earliest = Math.max(createdAt.getTime(), now - 60 * DAY);
  const subscriptionStart = subscribed
    ? new Date(earliest + Math.floor(rng.next() * (now - earliest)))
    : null;
  const lives = residence(origin, rng);
  const bio = writeBio(
    { gender, firstName, city: lives.city, occupation, stage, interests, lookingFor },
    (items) => rng.pick(items),
    (p) => rng.chance(p),
  );
  return {
    id: randomId(),
    email: `${emailSlug(firstName, lastName)}.${n}@${DEMO_EMAIL_DOMAIN}`,
    name: firstName,
    role: "user",
    createdAt,
    profile: {
      firstName,
      lastName,
      gender,
      lookingFor,
      birthDate: birthDateForAge(age, rng),
      ...lives,
      relocate: rng.weighted(RELOCATE_WEIGHTS).value,
      lastActiveAt: lastActive(rng, createdAt.getTime(), now),
      presenceHidden: rng.chance(0.05),
      phoneNumber: phoneNumber(origin.phone.prefixes, origin.phone.digits, rng),
      bio,
      occupation,
      education: rng.pick(job.education),
      languages: [
        "Français",
        ...(origin.spoken ? [origin.spoken] : []),
        ...rng.sample(origin.languages, rng.int(0, 2)),
      ],
      interests,
      accountStatus: subscribed ? "subscribed" : "trial",
    },
    photos: [],
    photoPlan: { count: photoCount(rng), hue: rng.int(0, 359), seed: rng.int(1, 2 ** 30) },
    subscriptionStart,
  };
}
