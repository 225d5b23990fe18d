// Test members: signed-up accounts (with a session) or rows written straight to the database (for
// the many profiles a search looks through), with complete profiles: a confirmed birth date and the
// guided first profile finished, unless a test says otherwise.
import { randomBytes } from "node:crypto";
import { minusYears, todayIso } from "@domain/age.ts";
import type { AccountStatus, Gender } from "@domain/constants.ts";
import { ONBOARDING_DONE } from "@domain/profile-completeness.ts";
import { eq } from "drizzle-orm";
import type { Viewer } from "../features/members/public-profile.ts";
import type { Db } from "../platform/db/client.ts";
import { profiles, subscriptions, user } from "../platform/db/schema/index.ts";
import type { TestApp } from "./harness.ts";

export interface ProfileFields {
  firstName: string;
  lastName: string;
  gender: Gender;
  birthDate: string;
  birthDateConfirmed: boolean;
  lookingFor: string;
  country: string;
  phoneNumber: string;
  languages: string[];
  interests: string[];
  photos: string[];
  accountStatus: AccountStatus;
  onboardingStep: number;
  createdAt: Date;
  // Optional: left to the column defaults unless a test sets them (issue 17).
  originCountry?: string;
  city?: string;
  relocate?: "yes" | "maybe" | "no" | null;
  lastActiveAt?: Date | null;
  presenceHidden?: boolean;
}

/** A birth date giving exactly `age` years today (born `daysAfterBirthday` days after the anniversary). */
export function bornYearsAgo(age: number, daysAfterBirthday = 10): string {
  const anniversary = Date.parse(`${minusYears(todayIso(), age)}T00:00:00Z`);
  return new Date(anniversary - daysAfterBirthday * 86_400_000).toISOString().slice(0, 10);
}

function defaults(gender: Gender): ProfileFields {
  return {
    firstName: gender === "female" ? "Aminata" : "Kofi",
    lastName: "Diallo",
    gender,
    birthDate: bornYearsAgo(30),
    birthDateConfirmed: true,
    lookingFor: "Une relation sérieuse",
    country: "Sénégal",
    phoneNumber: "+221771234567",
    languages: ["Français"],
    interests: ["Cuisine"],
    photos: [],
    accountStatus: "trial",
    onboardingStep: ONBOARDING_DONE,
    createdAt: new Date(),
  };
}

/** Inserts a user and a complete profile directly; returns the user id. */
export async function insertMember(
  db: Db,
  gender: Gender,
  fields: Partial<ProfileFields> = {},
): Promise<string> {
  const id = `m_${randomBytes(8).toString("hex")}`;
  const p = { ...defaults(gender), ...fields };
  await db.insert(user).values({ id, name: p.firstName, email: `${id}@exemple.fr`, createdAt: p.createdAt });
  await db.insert(profiles).values({ userId: id, ...p });
  return id;
}

/**
 * Creates a signed-in account (TestApp.createMember) with a complete profile; returns the session too.
 * The member is subscribed (a running 30-day subscription) unless `accountStatus` says otherwise,
 * since search, likes, matches and messages are for subscribers.
 */
export async function signUpMember(
  t: TestApp,
  gender: Gender,
  fields: Partial<ProfileFields> = {},
  /** emailVerified false: an account from before sign-up required a confirmed address. */
  { emailVerified = true }: { emailVerified?: boolean } = {},
) {
  const account = await t.createMember({ emailVerified });
  const p = { ...defaults(gender), accountStatus: "subscribed" as const, ...fields };
  const db = t.deps.database.db;
  if (p.accountStatus === "subscribed") {
    const ends = new Date(Date.now() + 30 * 86_400_000);
    await db.insert(subscriptions).values({
      userId: account.userId,
      plan: "1-mois",
      startDate: new Date(),
      endDate: ends,
      provider: "demo",
      providerRef: `test_${account.userId}`,
      amount: 1999,
    });
    await db.insert(profiles).values({ userId: account.userId, ...p, subscriptionEndsAt: ends });
  } else {
    await db.insert(profiles).values({ userId: account.userId, ...p });
  }
  return account;
}

export async function setBanned(db: Db, userId: string, banned: boolean): Promise<void> {
  await db.update(user).set({ banned }).where(eq(user.id, userId));
}

/** A search viewer with nothing set beyond who they are: no interests, languages or privacy. */
export function bareViewer(userId: string, gender: Gender): Viewer {
  return {
    userId,
    gender,
    interests: [],
    languages: [],
    lookingFor: "",
    birthDateConfirmed: true,
    presenceHidden: false,
    browseInvisibly: false,
  };
}
