// The web app's module boundaries biome.json enforces (docs/decisions/0017; the server's are
// dependency-cruiser's, proven by server/deps-rules.test.ts): each import below is linted by
// Biome's own command line as if it were written in the given file, and must be refused — or allowed,
// for the imports the boundaries permit. So `npm run lint` (and CI) fails on a cross-feature import.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

interface Case {
  /** Where the import is written: the rules depend on the file's place and the import's text only. */
  file: string;
  from: string;
  refused: boolean;
}

const CASES: Record<string, Case[]> = {
  "another feature’s internals, on the web side": [
    { file: "web/features/search/components/x.tsx", from: "@web/features/profile/api.ts", refused: true },
    { file: "web/features/search/components/x.tsx", from: "../../profile/api.ts", refused: true },
  ],
  "the same through the feature’s index.ts, and a feature’s own modules": [
    { file: "web/features/search/components/x.tsx", from: "@web/features/profile/index.ts", refused: false },
    { file: "web/features/search/components/x.tsx", from: "../api.ts", refused: false },
  ],
  "shared code that depends on a feature": [
    { file: "web/lib/x.ts", from: "@web/features/profile/index.ts", refused: true },
    { file: "web/components/ui/x.tsx", from: "../../features/search/api.ts", refused: true },
    { file: "domain/x.ts", from: "../server/platform/db/client.ts", refused: true },
  ],
};

const root = path.resolve(import.meta.dirname, "../..");
const tree = mkdtempSync(path.join(tmpdir(), "passerelle-boundaries-"));
/** The scratch file of each case, relative to the tree. */
const written = new Map<Case, string>();
/** The files Biome refused an import in, and whether it said anything else. */
const refusedFiles = new Set<string>();

// Every case as a file under the same path in a scratch tree with this repository's biome.json,
// linted in one run of Biome's command line.
beforeAll(() => {
  copyFileSync(path.join(root, "biome.json"), path.join(tree, "biome.json"));
  let n = 0;
  for (const c of Object.values(CASES).flat()) {
    const file = path.join(path.dirname(c.file), `case${++n}-${path.basename(c.file)}`);
    mkdirSync(path.join(tree, path.dirname(file)), { recursive: true });
    writeFileSync(
      path.join(tree, file),
      `import { imported } from "${c.from}";\nexport const used = imported;\n`,
    );
    written.set(c, file);
  }
  const biome = createRequire(import.meta.url).resolve("@biomejs/biome/bin/biome");
  const run = spawnSync(process.execPath, [biome, "lint", "--reporter=json", "--max-diagnostics=none", "."], {
    cwd: tree,
    encoding: "utf8",
  });
  const report = JSON.parse(run.stdout) as {
    diagnostics: { category: string; location: { path: string } }[];
  };
  const others = report.diagnostics.filter((d) => d.category !== "lint/style/noRestrictedImports");
  if (others.length > 0) throw new Error(`unexpected diagnostics: ${JSON.stringify(others)}`);
  for (const d of report.diagnostics) refusedFiles.add(path.normalize(d.location.path));
});
afterAll(() => rmSync(tree, { recursive: true, force: true }));

describe("module boundaries", () => {
  for (const [title, cases] of Object.entries(CASES)) {
    it(title, () => {
      for (const c of cases) {
        const file = path.normalize(written.get(c) ?? "");
        expect(refusedFiles.has(file), `${c.file}: import from "${c.from}"`).toBe(c.refused);
      }
    });
  }
});
