// The dependency rules of .dependency-cruiser.cjs (issue 35), proven on a small tree of files that
// breaks each of them once: a cycle through a type-only import, the platform importing a feature or
// the composition, a feature reading another's internals, production code importing scripts/,
// domain/ importing the server; and imports that break none. The rules run through the command CI
// runs (`npm run lint` cruises server/ and domain/ the same way).
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ICruiseResult } from "dependency-cruiser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const CONFIG = path.resolve(import.meta.dirname, "../.dependency-cruiser.cjs");
// The package's command, as npm links it (its exports name neither bin/ nor package.json).
const DEPCRUISE = path.resolve(import.meta.dirname, "../node_modules/.bin/depcruise");
const FEATURE_CYCLES = path.resolve(import.meta.dirname, "../scripts/lint/feature-cycles.ts");

const FILES: Record<string, string> = {
  "tsconfig.json": '{ "compilerOptions": { "allowImportingTsExtensions": true, "noEmit": true } }\n',
  "server/deps.ts": "export type AppDeps = { n: number };\n",
  "server/app.ts": 'import { liked } from "./features/likes/index.ts";\nexport const app = liked;\n',
  "server/platform/db/client.ts": "export const db = 1;\n",
  "server/platform/db/uses-feature.ts":
    'import { liked } from "../../features/likes/index.ts";\nexport const x = liked;\n',
  "server/platform/jobs/uses-composition.ts":
    'import { app } from "../../app.ts";\nimport type { AppDeps } from "../../deps.ts";\nexport const w: [unknown, AppDeps?] = [app];\n',
  "server/features/likes/index.ts":
    'import { db } from "../../platform/db/client.ts";\nimport { told } from "../notifications/index.ts";\nexport const liked = [db, told];\n',
  "server/features/likes/reads-internals.ts":
    'import { push } from "../notifications/push.ts";\nimport { app } from "../../app.ts";\nexport const r = [push, app];\n',
  "server/features/notifications/index.ts": 'import { push } from "./push.ts";\nexport const told = push;\n',
  "server/features/notifications/push.ts": "export const push = 1;\n",
  "server/features/admin/seeds.ts":
    'import { seed } from "../../../scripts/seed.ts";\nexport const s = seed;\n',
  "server/features/admin/seeds.test.ts":
    'import { seed } from "../../../scripts/seed.ts";\nexport const t = seed;\n',
  "scripts/seed.ts": "export const seed = 1;\n",
  // Two features that import each other through their index.ts: no cycle of files, a cycle of features.
  "server/features/admin/index.ts":
    'import { review } from "../moderation/index.ts";\nexport const admin = review;\n',
  "server/features/moderation/index.ts": "export const review = 1;\n",
  "server/features/moderation/review.ts":
    'import { admin } from "../admin/index.ts";\nexport const r = admin;\n',
  "domain/a.ts":
    'import type { B } from "./b.ts";\nexport type A = { b?: B };\nexport const A_VALUES = [1];\n',
  "domain/b.ts": 'import { A_VALUES } from "./a.ts";\nexport type B = (typeof A_VALUES)[number];\n',
  "domain/c.ts": 'import { db } from "../server/platform/db/client.ts";\nexport const c = db;\n',
};

describe("dependency rules", () => {
  let dir: string;
  let result: ICruiseResult;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "passerelle-deps-"));
    for (const [file, text] of Object.entries(FILES)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), text);
    }
    const run = spawnSync(DEPCRUISE, ["--config", CONFIG, "--output-type", "json", "server", "domain"], {
      cwd: dir,
      encoding: "utf8",
    });
    // It exits non-zero on violations: that is the point of the tree.
    result = JSON.parse(run.stdout) as ICruiseResult;
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const broken = (rule: string) =>
    result.summary.violations
      .filter((v) => v.rule.name === rule)
      .map((v) => `${v.from} -> ${v.to}`)
      .sort();

  it("refuses a cycle, a type-only import in it included", () => {
    expect(broken("no-circular")).toEqual(["domain/a.ts -> domain/b.ts"]);
    const cycle = result.summary.violations.find((v) => v.rule.name === "no-circular");
    expect(cycle?.cycle?.map((c) => c.name)).toEqual(["domain/b.ts", "domain/a.ts"]);
  });

  it("refuses the platform importing a feature or the composition, its types included", () => {
    expect(broken("platform-imports-no-feature")).toEqual([
      "server/platform/db/uses-feature.ts -> server/features/likes/index.ts",
      "server/platform/jobs/uses-composition.ts -> server/app.ts",
      "server/platform/jobs/uses-composition.ts -> server/deps.ts",
    ]);
  });

  it("refuses a feature reading another’s internals, or the composition", () => {
    expect(broken("features-meet-through-index")).toEqual([
      "server/features/likes/reads-internals.ts -> server/features/notifications/push.ts",
    ]);
    expect(broken("features-import-no-composition")).toEqual([
      "server/features/likes/reads-internals.ts -> server/app.ts",
    ]);
  });

  it("refuses scripts/ in production server code, not in its tests", () => {
    expect(broken("server-imports-no-scripts")).toEqual([
      "server/features/admin/seeds.ts -> scripts/seed.ts",
    ]);
  });

  it("refuses two features importing each other, with no cycle of files", () => {
    expect(broken("no-circular")).not.toContain(
      "server/features/moderation/review.ts -> server/features/admin/index.ts",
    );
    const run = spawnSync(process.execPath, ["--import", "tsx", FEATURE_CYCLES, dir], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("error feature-cycle: admin ↔ moderation import each other");
  });

  it("refuses domain/ importing the server", () => {
    expect(broken("domain-imports-no-server")).toEqual(["domain/c.ts -> server/platform/db/client.ts"]);
  });

  it("lets a feature import the platform and another’s index.ts, and counts every file", () => {
    expect(result.summary.violations.map((v) => v.from)).not.toContain("server/features/likes/index.ts");
    expect(result.summary.totalCruised).toBe(Object.keys(FILES).length - 1);
  });
});
