// The dependency rules of .dependency-cruiser.cjs (issue 35), proven on a small tree of files that
// breaks each of them once: a cycle through a type-only import, the platform importing a feature,
// domain/ importing the server; and an import that breaks none. The rules run through the command
// CI runs (`npm run lint` cruises server/ and domain/ the same way, today's known violations listed
// apart until the refactor removes them).
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ICruiseResult } from "dependency-cruiser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const CONFIG = path.resolve(import.meta.dirname, "../.dependency-cruiser.cjs");
// The package's command, as npm links it (its exports name neither bin/ nor package.json).
const DEPCRUISE = path.resolve(import.meta.dirname, "../node_modules/.bin/depcruise");

const FILES: Record<string, string> = {
  "tsconfig.json": '{ "compilerOptions": { "allowImportingTsExtensions": true, "noEmit": true } }\n',
  "server/db/client.ts": "export const db = 1;\n",
  "server/db/uses-feature.ts":
    'import { liked } from "../features/likes/index.ts";\nexport const x = liked;\n',
  "server/features/likes/index.ts": 'import { db } from "../../db/client.ts";\nexport const liked = db;\n',
  "server/notifications/index.ts": "export const told = 1;\n",
  "server/jobs/workers.ts": 'import { told } from "../notifications/index.ts";\nexport const w = told;\n',
  "domain/a.ts":
    'import type { B } from "./b.ts";\nexport type A = { b?: B };\nexport const A_VALUES = [1];\n',
  "domain/b.ts": 'import { A_VALUES } from "./a.ts";\nexport type B = (typeof A_VALUES)[number];\n',
  "domain/c.ts": 'import { db } from "../server/db/client.ts";\nexport const c = db;\n',
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

  it("refuses the platform importing a feature or a capability", () => {
    expect(broken("platform-imports-no-feature")).toEqual([
      "server/db/uses-feature.ts -> server/features/likes/index.ts",
      "server/jobs/workers.ts -> server/notifications/index.ts",
    ]);
  });

  it("refuses domain/ importing the server", () => {
    expect(broken("domain-imports-no-server")).toEqual(["domain/c.ts -> server/db/client.ts"]);
  });

  it("lets a feature import the platform, and counts every file", () => {
    expect(result.summary.violations.map((v) => v.from)).not.toContain("server/features/likes/index.ts");
    expect(result.summary.totalCruised).toBe(Object.keys(FILES).length - 1);
  });
});
