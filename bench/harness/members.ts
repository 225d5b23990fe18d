// Members for the benches: one who signs up through the API as a person does (the sign-up, then the
// confirmation link of the e-mail in the app's outbox, which opens the session), and many realistic
// ones from the seed generator.
import { seedMembers } from "../../scripts/seed/bulk.ts";
import type { AppDeps } from "../../server/deps.ts";
import { linkIn, waitForMail } from "../../server/test/mail.ts";
import { cookieOf } from "./server.ts";
import { n } from "./stats.ts";

/** Signs `email` up on the app at `base` (its outbox in `dataDir`): the member's id and session cookie. */
export async function signUp(
  base: string,
  dataDir: string,
  email: string,
  password: string,
): Promise<{ userId: string; cookie: string }> {
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password, name: "", ageConfirmed: true, termsAccepted: true }),
  });
  if (!res.ok) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string } };
  const confirmed = await fetch(linkIn((await waitForMail(dataDir, email, "Confirmez")).text), {
    redirect: "manual",
  });
  return { userId: user.id, cookie: cookieOf(confirmed) };
}

/**
 * `count` realistic members from the seed generator (scripts/seed/bulk.ts: seed 42, the photo pool,
 * no password), straight into the app's database; progress every 15 s. Returns the time it took (ms).
 */
export async function seedRealisticMembers(
  deps: AppDeps,
  count: number,
  log: (message: string) => void,
): Promise<number> {
  log(`seeding ${n(count)} members…`);
  let lastLog = performance.now();
  const seeded = await seedMembers(deps, {
    count,
    seed: 42,
    photos: "pool",
    passwordHash: null,
    onProgress: (done, total) => {
      if (performance.now() - lastLog < 15_000) return;
      lastLog = performance.now();
      log(`  ${n(done)} / ${n(total)}`);
    },
  });
  return seeded.ms;
}
