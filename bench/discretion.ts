// What discretion costs the search (issue 40): `npm run bench:discretion`. On the search bench's data
// set (bench/search/dataset.ts: realistic members, a woman in Paris searching), the search mix's
// statements (runSearch, without paging cursors) are timed in three phases of the same run:
//  A. nobody hides (the baseline);
//  B. --share % of the men turned a discretion setting on (a third each: their country, their city,
//     their origin), a third of them living in or coming from France, so some hide from her;
//  C. nobody hides again (the machine's drift between A and C bounds what B's ratio can mean).
// It checks that no man hiding from her is ever in her results, and prints p50 / p95 per phase
// and B's ratio to A. Asserts nothing else.
//
//   node --import tsx bench/discretion.ts [--engine pglite|postgres] [--size 20000] [--share 5] [--rounds 15]
import { parseArgs } from "node:util";
import { todayIso } from "@domain/age.ts";
import { SEARCH_LIST_PARAMS, type SearchQuery, searchQuerySchema } from "@domain/discovery.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { hiddenFrom } from "../server/features/members/index.ts";
import { runSearch } from "../server/features/search/search.service.ts";
import { queryRows } from "../server/platform/db/client.ts";
import { withCleanup } from "./harness/cleanup.ts";
import { benchServerUrl } from "./harness/database.ts";
import { watchMachine } from "./harness/machine.ts";
import { printHeading, table } from "./harness/report.ts";
import { pct, timed } from "./harness/stats.ts";
import { type Engine, log, openDataSet } from "./search/dataset.ts";
import { MIX, type Params } from "./search/mix.ts";

const { values: args } = parseArgs({
  options: {
    engine: { type: "string", default: "pglite" },
    size: { type: "string", default: "20000" },
    share: { type: "string", default: "5" },
    rounds: { type: "string", default: "15" },
  },
});
const engine = args.engine as Engine;
const size = Number(args.size);
const share = Number(args.share);
const rounds = Number(args.rounds);

function parseQuery(params: Params): SearchQuery {
  const lists = Object.fromEntries(SEARCH_LIST_PARAMS.map((k) => [k, [params[k] ?? []].flat()]));
  return searchQuerySchema.parse({ ...params, ...lists });
}

await withCleanup(async () => {
  const machine = watchMachine();
  const set = await openDataSet(engine, size, { serverUrl: benchServerUrl(), keep: false, reuse: false });
  try {
    const { db } = set.deps.database;
    const today = todayIso();
    const queries = MIX.filter((c) => !c.cursorAfter).map((c) => ({
      label: c.label,
      query: parseQuery(c.params),
    }));
    const phase = async (name: string) => {
      const samples: number[] = [];
      for (let round = -2; round < rounds; round++)
        for (const q of queries) {
          const ms = await timed(() => runSearch(db, set.viewer, q.query, today));
          if (round >= 0) samples.push(ms);
        }
      log(`${name}: ${samples.length} searches`);
      return samples;
    };

    const a = await phase("A (nobody hides)");
    // B: `share` % of the men hide, a third each way; a third of those are of France (hers).
    await db.execute(sql`WITH picked AS (
        SELECT user_id, row_number() OVER (ORDER BY md5(user_id)) AS n FROM profiles
        WHERE gender = 'male' ORDER BY md5(user_id) LIMIT (SELECT count(*) * ${share} / 100 FROM profiles WHERE gender = 'male'))
      UPDATE profiles p SET hide_from_country = picked.n % 3 = 0, hide_from_city = picked.n % 3 = 1,
        hide_from_origin = picked.n % 3 = 2,
        country = CASE WHEN picked.n % 9 < 3 THEN 'France' ELSE p.country END,
        city = CASE WHEN picked.n % 9 = 1 THEN 'Paris' ELSE p.city END,
        origin_country = CASE WHEN picked.n % 9 = 2 THEN 'France' ELSE p.origin_country END
      FROM picked WHERE p.user_id = picked.user_id`);
    // What autovacuum does after such a change (statistics, the visibility map an index-only scan needs).
    await db.execute(sql`VACUUM ANALYZE profiles`);
    const [hidden] = await queryRows(
      db,
      z.strictObject({ discreet: z.number(), fromHer: z.number() }),
      sql`SELECT (SELECT count(*)::int FROM profiles WHERE hide_from_country OR hide_from_city OR hide_from_origin) AS discreet,
        (SELECT count(*)::int FROM (${hiddenFrom(sql`${set.viewer.userId}`)}) h) AS "fromHer"`,
    );
    const b = await phase("B (some hide)");
    // Nobody hiding from her is in any result of the mix (the app's own rule says who hides).
    const hiders = new Set(
      (
        await queryRows(
          db,
          z.strictObject({ id: z.string() }),
          sql`SELECT h.user_id AS id FROM (${hiddenFrom(sql`${set.viewer.userId}`)}) h`,
        )
      ).map((r) => r.id),
    );
    let leaked = 0;
    for (const q of queries) {
      const r = await runSearch(db, set.viewer, q.query, today);
      leaked += r.rows.filter((m) => hiders.has(m.userId)).length;
    }
    await db.execute(sql`UPDATE profiles SET hide_from_country = false, hide_from_city = false, hide_from_origin = false
      WHERE hide_from_country OR hide_from_city OR hide_from_origin`);
    await db.execute(sql`VACUUM ANALYZE profiles`);
    const c = await phase("C (nobody hides, again)");

    printHeading(
      `Discretion and the search — ${engine}, ${size.toLocaleString("fr-FR")} members`,
      machine,
      `${queries.length} searches of the mix × ${rounds} rounds per phase (after 2 warm-up rounds), runSearch's statements, ms.`,
    );
    const f = (x: number) => x.toFixed(2);
    table("phase | p50 | p95 | p50 ÷ A", [
      ["A: nobody hides", f(pct(a, 50)), f(pct(a, 95)), "1.00"],
      [
        `B: ${hidden?.discreet} men hide (${share} %), ${hidden?.fromHer} from her`,
        f(pct(b, 50)),
        f(pct(b, 95)),
        f(pct(b, 50) / pct(a, 50)),
      ],
      ["C: nobody hides, again", f(pct(c, 50)), f(pct(c, 95)), f(pct(c, 50) / pct(a, 50))],
    ]);
    console.log(`\nMen hiding from her found in her results: ${leaked} (must be 0).`);
  } finally {
    await set.close();
  }
});
