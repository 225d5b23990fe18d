// Demo data on first start: when the database has no user at all, creates the demo accounts and
// about 200 members with photos, so every screen has something to show.
import { hashPassword } from "better-auth/crypto";
import type { AppDeps } from "../../server/deps.ts";
import {
  ADMIN_PASSWORD,
  DEMO_ACCOUNTS,
  DEMO_ADMIN,
  DEMO_MEMBER,
  DEMO_MEMBER_2,
  DEMO_MEMBER_COUNT,
  DEMO_PASSWORD,
  DEMO_SEED,
  type DemoAccount,
} from "./accounts.ts";
import { ownPhotos, seedMembers } from "./bulk.ts";
import { seedDemoConnections } from "./connections.ts";
import { emailExists, hasUsers, insertMembers } from "./insert.ts";
import { birthDateForAge, type SeedMember } from "./members.ts";
import { storePhotos } from "./photos.ts";
import { Random, randomId } from "./random.ts";

const DAY = 86_400_000;

type SeedDeps = Pick<AppDeps, "database" | "storage" | "logger">;

/** A demo account as a seed member (exported for tests). */
export function accountMember(a: DemoAccount, rng: Random, now: number): SeedMember {
  const createdAt = new Date(now - a.joinedDaysAgo * DAY);
  const p = a.profile;
  return {
    id: randomId(),
    email: a.email,
    name: a.name,
    role: a.role,
    createdAt,
    profile: p && {
      firstName: p.firstName,
      lastName: p.lastName,
      gender: p.gender,
      lookingFor: p.lookingFor,
      birthDate: birthDateForAge(p.age, rng),
      country: p.country,
      originCountry: p.originCountry ?? "",
      city: p.city ?? "",
      relocate: p.relocate ?? null,
      // The demo accounts were here a moment ago (shown « Actif aujourd'hui » until they sign in).
      lastActiveAt: new Date(now - 3 * 3_600_000),
      presenceHidden: false,
      phoneNumber: p.phoneNumber,
      bio: p.bio,
      occupation: p.occupation,
      education: p.education,
      languages: p.languages,
      interests: p.interests,
      accountStatus: a.subscribedDaysAgo === null ? "trial" : "subscribed",
    },
    photos: [],
    photoPlan: { count: p ? 2 : 0, hue: p?.gender === "female" ? 20 : 200, seed: rng.int(1, 2 ** 30) },
    subscriptionStart: a.subscribedDaysAgo === null ? null : new Date(now - a.subscribedDaysAgo * DAY),
  };
}

/**
 * Creates the demo member, second member and administrator accounts whose e-mail is not taken yet
 * (with a complete profile and two photos for the members). Returns the e-mails created.
 */
export async function createDemoAccounts(
  deps: Pick<AppDeps, "database" | "storage">,
  hashes?: { member: string; admin: string },
): Promise<string[]> {
  const { db } = deps.database;
  const missing: DemoAccount[] = [];
  for (const a of DEMO_ACCOUNTS) if (!(await emailExists(db, a.email))) missing.push(a);
  if (missing.length === 0) return [];
  const { member, admin } = hashes ?? (await hashDemoPasswords());
  const rng = new Random(DEMO_SEED + 1);
  const now = Date.now();
  const created: string[] = [];
  for (const a of missing) {
    const m = accountMember(a, rng, now);
    const tasks = ownPhotos(m);
    m.photos = tasks.map((t) => t.key);
    const n = await insertMembers(db, [m], {
      passwordHash: a.role === "admin" ? admin : member,
      beforeCommit: () => storePhotos(deps.storage, tasks),
    });
    if (n > 0) created.push(a.email);
  }
  return created;
}

export async function hashDemoPasswords(): Promise<{ member: string; admin: string }> {
  const [member, admin] = await Promise.all([hashPassword(DEMO_PASSWORD), hashPassword(ADMIN_PASSWORD)]);
  return { member, admin };
}

/** Seeds the demo data once: does nothing when the database already has users. */
export async function seedDemoIfEmpty(deps: SeedDeps): Promise<void> {
  const { logger } = deps;
  if (await hasUsers(deps.database.db)) {
    logger.info("demo data: the database already has accounts, nothing seeded");
    return;
  }
  const started = performance.now();
  const hashes = await hashDemoPasswords();
  await createDemoAccounts(deps, hashes);
  const result = await seedMembers(deps, {
    count: DEMO_MEMBER_COUNT,
    seed: DEMO_SEED,
    photos: "individual",
    passwordHash: hashes.member,
    firstIndex: 1,
  });
  const matches = await seedDemoConnections(deps.database.db);
  const ms = Math.round(performance.now() - started);
  logger.info(
    { members: result.created, photos: result.photos, matches, ms },
    `demo data: ${result.created} members, ${result.photos} photos and ${matches} matches seeded in ${ms} ms`,
  );
  logger.info(
    {
      member: DEMO_MEMBER.email,
      secondMember: DEMO_MEMBER_2.email,
      admin: DEMO_ADMIN.email,
    },
    `demo accounts: ${DEMO_MEMBER.email} / ${DEMO_MEMBER.password} (subscribed member), ` +
      `${DEMO_MEMBER_2.email} / ${DEMO_MEMBER_2.password} (trial member), ` +
      `${DEMO_ADMIN.email} / ${DEMO_ADMIN.password} (administrator); every seeded member uses ${DEMO_PASSWORD}`,
  );
}
