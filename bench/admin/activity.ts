// The activity the administration lists show, written with SQL on top of the seeded members
// (scripts/seed/bulk.ts): matches between random members of opposite genders (accepted and
// rejected, some members far more popular than others), messages in the accepted matches (French
// texts from a phrase bank, so that a text search has common, uncommon, rare and absent words), a
// few banned accounts, past subscriptions that ran out, and an audit log. Everything is generated
// by the server (generate_series and random()), in one session so that temporary tables serve as
// lookup tables.
import type pg from "pg";

/** Words the benchmark searches for in messages, with the share of messages that contain them. */
export const MESSAGE_WORDS = {
  /** In several sentences of the bank: ~10 % of the messages. */
  common: "restaurant",
  /** Off-platform contact, what moderators look for: ~0.5 %. */
  uncommon: "whatsapp",
  /** ~0.02 %. */
  rare: "baobab",
  /** In no message. */
  absent: "saxophone",
} as const;

const UNCOMMON_SHARE = 0.005;
const RARE_SHARE = 0.0002;

/**
 * Sentences of a conversation between two matched members; {ville}, {heure} and {jour} are
 * replaced per message. A message is one to three of them.
 */
const SENTENCES = [
  "Bonjour, comment vas-tu ?",
  "Bonsoir ! Ton profil m'a beaucoup plu.",
  "Salut, merci pour le match !",
  "Coucou, tu as passé une bonne journée ?",
  "Je suis content de pouvoir discuter avec toi.",
  "Je suis contente de pouvoir discuter avec toi.",
  "Ça fait longtemps que tu es sur Passerelle ?",
  "Tu habites à {ville} depuis longtemps ?",
  "J'ai de la famille à {ville}, c'est une ville magnifique.",
  "Je rentre du travail, la journée a été longue.",
  "Qu'est-ce que tu aimes faire le week-end ?",
  "Le week-end j'aime cuisiner et recevoir des amis.",
  "Tu connais un bon restaurant à {ville} ?",
  "On pourrait aller au restaurant {jour} soir si tu veux.",
  "J'ai découvert un petit restaurant sénégalais, le thiéboudiène y est délicieux.",
  "Je préfère cuisiner à la maison plutôt qu'aller au restaurant.",
  "Le restaurant de mon quartier fait un poulet yassa incroyable.",
  "Tu es plutôt thé ou café ?",
  "J'adore la musique, surtout le zouk et la rumba congolaise.",
  "Tu as vu le match hier soir ?",
  "Je lis beaucoup en ce moment, surtout des romans africains.",
  "Quel est ton plat préféré ?",
  "Je voyage souvent pour mon travail.",
  "J'aimerais beaucoup visiter {ville} un jour.",
  "Tu parles d'autres langues que le français ?",
  "Ma mère parle wolof et mon père parle peul.",
  "La famille compte beaucoup pour moi.",
  "Je cherche quelqu'un de sérieux, et toi ?",
  "J'ai bien aimé ta photo au bord de la mer.",
  "Tu fais du sport ?",
  "Je cours deux fois par semaine le matin.",
  "Je suis disponible {jour} vers {heure}h, ça te va ?",
  "On peut s'appeler {jour} vers {heure}h ?",
  "Désolé pour le retard, j'étais en réunion.",
  "Désolée de répondre si tard, grosse journée.",
  "Bonne nuit, à demain !",
  "Passe une belle soirée.",
  "Haha, tu me fais rire !",
  "C'est une bonne question, laisse-moi réfléchir.",
  "Je suis d'accord avec toi.",
  "Ça me ferait très plaisir de te rencontrer.",
  "Tu as des frères et sœurs ?",
  "J'ai grandi à {ville}, puis je suis partie étudier en France.",
  "J'ai grandi à {ville}, puis je suis parti travailler en Belgique.",
  "Le mariage, c'est un projet important pour moi.",
  "Je ne suis pas pressé, apprenons à nous connaître.",
  "Je ne suis pas pressée, apprenons à nous connaître.",
  "Il fait très chaud à {ville} en ce moment.",
  "Il pleut depuis ce matin ici.",
  "Merci pour ton message, ça m'a fait plaisir.",
  "Tu as prévu quelque chose pour les vacances ?",
  "Je pense aller voir ma famille à {ville} cet été.",
  "Qu'est-ce qui t'a fait choisir ton métier ?",
  "Je travaille dans la santé, c'est prenant mais passionnant.",
  "Envoie-moi une photo de ton quartier !",
  "On se voit {jour} pour un café ?",
];

const CITIES = [
  "Dakar",
  "Abidjan",
  "Douala",
  "Yaoundé",
  "Bamako",
  "Kinshasa",
  "Cotonou",
  "Lomé",
  "Conakry",
  "Casablanca",
  "Paris",
  "Lyon",
  "Marseille",
  "Bruxelles",
  "Genève",
  "Montréal",
  "Bordeaux",
  "Lille",
  "Toulouse",
  "Liège",
];
const DAYS = ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"];

/** Appended to some messages (UNCOMMON_SHARE, RARE_SHARE). */
const UNCOMMON = "Donne-moi ton numéro WhatsApp, ce sera plus simple pour discuter.";
const RARE = "Près de chez mes parents il y a un baobab de plus de cent ans.";

const AUDIT_ACTIONS = [
  { action: "user.ban", type: "user", summary: "Bannissement : faux profil" },
  { action: "user.unban", type: "user", summary: "Levée de bannissement" },
  { action: "profile.photo.remove", type: "profile", summary: "Photo retirée" },
  { action: "profile.update", type: "profile", summary: "Champs : bio" },
  { action: "match.reject", type: "match", summary: "Match rejeté" },
  { action: "message.delete", type: "message", summary: "Message supprimé" },
  { action: "subscription.grant", type: "user", summary: "1 mois offerts" },
  { action: "subscription.extend", type: "subscription", summary: "+1 mois" },
  { action: "admin.login", type: "user", summary: "Connexion à l'administration" },
];

export interface ActivityCounts {
  matches: number;
  accepted: number;
  messages: number;
  banned: number;
  pastSubscriptions: number;
  audit: number;
}

export interface ActivityPlan {
  matches: number;
  messages: number;
  banned: number;
  pastSubscriptions: number;
}

/** Scaled on the number of members: 0.3 matches, 1 message, 0.2 % banned, 15 % past subscriptions. */
export function activityPlan(size: number): ActivityPlan {
  return {
    matches: Math.round(size * 0.3),
    messages: size,
    banned: Math.max(5, Math.round(size * 0.002)),
    pastSubscriptions: Math.round(size * 0.15),
  };
}

type Log = (message: string) => void;

async function timed(log: Log, label: string, run: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await run();
  log(`  ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

/** Non-unique indexes of `table` that no constraint owns, as CREATE INDEX statements, to rebuild after a load. */
async function plainIndexes(client: pg.Client, table: string): Promise<{ name: string; def: string }[]> {
  const { rows } = await client.query<{ name: string; def: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
     WHERE x.indrelid = $1::regclass
       AND NOT x.indisunique
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`,
    [table],
  );
  return rows;
}

/**
 * Loads `load` with the table's secondary indexes dropped, then rebuilds them from their own
 * definitions: building a trigram GIN index once is several times faster than maintaining it
 * row by row, and the result is the same index.
 */
async function withoutIndexes(client: pg.Client, table: string, load: () => Promise<void>): Promise<void> {
  const indexes = await plainIndexes(client, table);
  for (const { name } of indexes) await client.query(`DROP INDEX "${name}"`);
  try {
    await load();
  } finally {
    for (const { def } of indexes) await client.query(def);
  }
}

/** Matches, messages, bans and past subscriptions; `client` is a session of its own. */
export async function seedActivity(client: pg.Client, plan: ActivityPlan, log: Log): Promise<void> {
  await client.query("SET maintenance_work_mem = '512MB'");
  await client.query("SET synchronous_commit = off");

  // Members of each gender in a random order, numbered: a random number picks a member.
  for (const [table, gender] of [
    ["bench_men", "male"],
    ["bench_women", "female"],
  ] as const) {
    await client.query(`CREATE TEMP TABLE ${table} AS
      SELECT (row_number() OVER (ORDER BY random()))::int AS n, user_id AS id, created_at
      FROM profiles WHERE gender = '${gender}'`);
    await client.query(`CREATE UNIQUE INDEX ON ${table} (n)`);
    await client.query(`ANALYZE ${table}`);
  }
  const count = async (table: string) =>
    Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n ?? 0);
  const men = await count("bench_men");
  const women = await count("bench_women");

  // Matches: power(random(), 1.5) favours the first members of each list (popular members have
  // dozens of matches, most have none or a few). 70 % accepted; a rejected match records which of
  // the two said no. Created after both members signed up; a duplicate pair is skipped.
  await timed(log, `${plan.matches.toLocaleString("en")} matches`, () =>
    withoutIndexes(client, "matches", async () => {
      await client.query(
        `INSERT INTO matches (user1_id, user2_id, status, rejected_by, user1_opened_at, user2_opened_at,
           created_at, updated_at)
         SELECT u1, u2, status::match_status,
           CASE WHEN status = 'rejected' THEN CASE WHEN s < 0.5 THEN u1 ELSE u2 END END,
           CASE WHEN status = 'accepted' AND s < 0.9 THEN ts + s * interval '1 day' END,
           CASE WHEN status = 'accepted' AND s > 0.1 THEN ts + s * interval '2 days' END,
           ts, CASE WHEN status = 'rejected' THEN ts + s * (now() - ts) ELSE ts END
         FROM (
           SELECT CASE WHEN x.flip THEN m.id ELSE w.id END AS u1, CASE WHEN x.flip THEN w.id ELSE m.id END AS u2,
             CASE WHEN x.r < 0.7 THEN 'accepted' ELSE 'rejected' END AS status, x.s,
             greatest(m.created_at, w.created_at) + x.t * (now() - greatest(m.created_at, w.created_at)) AS ts
           FROM (
             SELECT 1 + floor(power(random(), 1.5) * $1)::int AS mi, 1 + floor(power(random(), 1.5) * $2)::int AS wi,
               random() < 0.5 AS flip, random() AS r, random() AS s, random() AS t
             FROM generate_series(1, $3::int)) x
           JOIN bench_men m ON m.n = x.mi JOIN bench_women w ON w.n = x.wi) y
         ON CONFLICT DO NOTHING`,
        [men, women, plan.matches],
      );
    }),
  );

  // Messages in accepted matches, power(random(), 2): a few long conversations, many short ones.
  // Sent between the match and now by either member; read unless recent.
  await client.query(`CREATE TEMP TABLE bench_conv AS
    SELECT (row_number() OVER (ORDER BY random()))::int AS n, id, user1_id, user2_id, created_at
    FROM matches WHERE status = 'accepted'`);
  await client.query("CREATE UNIQUE INDEX ON bench_conv (n)");
  await client.query("ANALYZE bench_conv");
  const conversations = await count("bench_conv");
  const pick = (array: string, length: number) => `(${array})[1 + floor(random() * ${length})::int]`;
  const sentence = `replace(replace(replace(${pick("$2::text[]", SENTENCES.length)},
      '{ville}', ${pick("$3::text[]", CITIES.length)}),
      '{jour}', ${pick("$4::text[]", DAYS.length)}),
      '{heure}', (8 + floor(random() * 13))::int::text)`;
  await timed(log, `${plan.messages.toLocaleString("en")} messages`, () =>
    withoutIndexes(client, "messages", async () => {
      const batch = 250_000;
      for (let done = 0; done < plan.messages; done += batch) {
        await client.query(
          `INSERT INTO messages (match_id, sender_id, content, created_at, read_at)
           SELECT c.id, CASE WHEN x.s < 0.5 THEN c.user1_id ELSE c.user2_id END,
             concat_ws(' ', ${sentence},
               CASE WHEN random() < 0.6 THEN ${sentence} END,
               CASE WHEN random() < 0.25 THEN ${sentence} END,
               CASE WHEN random() < $5 THEN $7::text END,
               CASE WHEN random() < $6 THEN $8::text END),
             ts, CASE WHEN ts < now() - interval '1 day' OR x.s < 0.3 THEN ts + x.s * interval '3 hours' END
           FROM (
             SELECT 1 + floor(power(random(), 2) * $1)::int AS ci, random() AS s, random() AS t
             FROM generate_series(1, $9::int)) x
           JOIN bench_conv c ON c.n = x.ci
           CROSS JOIN LATERAL (SELECT c.created_at + x.t * (now() - c.created_at) AS ts) a`,
          [
            conversations,
            SENTENCES,
            CITIES,
            DAYS,
            UNCOMMON_SHARE,
            RARE_SHARE,
            UNCOMMON,
            RARE,
            Math.min(batch, plan.messages - done),
          ],
        );
      }
    }),
  );

  // A few banned accounts, as moderation leaves them.
  await timed(log, `${plan.banned.toLocaleString("en")} banned accounts`, () =>
    client.query(
      `UPDATE "user" SET banned = true, ban_reason = 'Faux profil', updated_at = now()
       WHERE id IN (SELECT id FROM "user" WHERE role = 'user' ORDER BY random() LIMIT $1)`,
      [plan.banned],
    ),
  );

  // Past one-month subscriptions of members who are not subscribed now (80 % ran out, 20 % were
  // cancelled); their profiles say « expired », as the subscription check leaves them.
  await timed(log, `${plan.pastSubscriptions.toLocaleString("en")} past subscriptions`, async () => {
    await client.query(
      `CREATE TEMP TABLE bench_lapsed AS
       SELECT user_id, created_at + random() * (now() - interval '32 days' - created_at) AS start
       FROM profiles WHERE account_status = 'trial' AND created_at < now() - interval '40 days'
       ORDER BY random() LIMIT $1`,
      [plan.pastSubscriptions],
    );
    await client.query(
      `INSERT INTO subscriptions (user_id, plan, status, start_date, end_date, provider, provider_ref, amount,
         currency, created_at)
       SELECT user_id, '1-mois', CASE WHEN random() < 0.8 THEN 'expired' ELSE 'cancelled' END::subscription_status,
         start, start + interval '30 days', 'demo', 'bench-lapsed-' || user_id, 1999, 'EUR', start
       FROM bench_lapsed`,
    );
    await client.query(
      `UPDATE profiles p SET account_status = 'expired' FROM bench_lapsed l WHERE l.user_id = p.user_id`,
    );
  });
  await client.query("DROP TABLE bench_men, bench_women, bench_conv, bench_lapsed");
}

/** An audit log of `count` past actions of the administrator over 90 days, on random targets. */
export async function seedAudit(
  client: pg.Client,
  admin: { id: string; email: string },
  count: number,
): Promise<void> {
  await client.query(
    `INSERT INTO admin_audit (admin_id, admin_email, action, target_type, target_id, summary, created_at)
     SELECT $1, $2, a.action, a.type, u.id, a.summary, now() - random() * interval '90 days'
     FROM (SELECT 1 + floor(random() * $4)::int AS ai, 1 + floor(random() * 1000)::int AS ui
           FROM generate_series(1, $3::int)) x
     JOIN unnest($5::text[], $6::text[], $7::text[]) WITH ORDINALITY AS a(action, type, summary, n) ON a.n = x.ai
     JOIN (SELECT id, row_number() OVER () AS n FROM (SELECT id FROM "user" LIMIT 1000) s) u ON u.n = x.ui`,
    [
      admin.id,
      admin.email,
      count,
      AUDIT_ACTIONS.length,
      AUDIT_ACTIONS.map((a) => a.action),
      AUDIT_ACTIONS.map((a) => a.type),
      AUDIT_ACTIONS.map((a) => a.summary),
    ],
  );
}

/** What the data set holds, for the report. */
export async function activityCounts(client: pg.Client): Promise<ActivityCounts> {
  const { rows } = await client.query<ActivityCounts>(
    `SELECT (SELECT count(*) FROM matches)::int AS matches,
       (SELECT count(*) FROM matches WHERE status = 'accepted')::int AS accepted,
       (SELECT count(*) FROM messages)::int AS messages,
       (SELECT count(*) FROM "user" WHERE banned)::int AS banned,
       (SELECT count(*) FROM subscriptions WHERE status <> 'active')::int AS "pastSubscriptions",
       (SELECT count(*) FROM admin_audit)::int AS audit`,
  );
  return rows[0]!;
}
