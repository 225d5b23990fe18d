// The module boundaries biome.json enforces (docs/decisions/0017): each import below is linted by
// Biome's own command line as if it were written in the given file, and must be refused — or allowed,
// for the imports the boundaries permit. So `npm run lint` (and CI) fails on a cross-feature import.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const biome = createRequire(import.meta.url).resolve("@biomejs/biome/bin/biome");
const tree = mkdtempSync(path.join(tmpdir(), "passerelle-boundaries-"));
copyFileSync(path.join(root, "biome.json"), path.join(tree, "biome.json"));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

let count = 0;
/**
 * Lints `source` as the file `file` would be (the rules depend on the file's place and the import's
 * text only): written under the same path in a scratch tree with this repository's biome.json.
 * Returns whether Biome refused it for a restricted import.
 */
function refused(file: string, source: string): boolean {
  const target = path.join(tree, path.dirname(file), `case${++count}-${path.basename(file)}`);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, `${source}\nexport const used = imported;\n`);
  const run = spawnSync(process.execPath, [biome, "lint", "--reporter=json", path.relative(tree, target)], {
    cwd: tree,
    encoding: "utf8",
  });
  const report = JSON.parse(run.stdout) as { diagnostics: { category: string }[] };
  const others = report.diagnostics.filter((d) => d.category !== "lint/style/noRestrictedImports");
  if (others.length > 0) throw new Error(JSON.stringify(others));
  return report.diagnostics.length > 0;
}

describe("module boundaries", () => {
  it("refuses a feature's import of another feature's internals, on the server and the web side", () => {
    expect(
      refused("server/features/likes/x.ts", 'import { imported } from "../members/public-profile.ts";'),
    ).toBe(true);
    expect(
      refused("server/features/photos/x.ts", 'import { imported } from "../../moderation/photo-screen.ts";'),
    ).toBe(true);
    expect(
      refused(
        "server/notifications/x.ts",
        'import { imported } from "../features/safety/blocks.service.ts";',
      ),
    ).toBe(true);
    expect(
      refused(
        "web/features/search/components/x.tsx",
        'import { imported } from "@web/features/profile/api.ts";',
      ),
    ).toBe(true);
    expect(
      refused("web/features/search/components/x.tsx", 'import { imported } from "../../profile/api.ts";'),
    ).toBe(true);
  });

  it("allows the same through the feature's index.ts, and a feature's own modules", () => {
    expect(refused("server/features/likes/x.ts", 'import { imported } from "../members/index.ts";')).toBe(
      false,
    );
    expect(refused("server/features/likes/x.ts", 'import { imported } from "../../http/errors.ts";')).toBe(
      false,
    );
    expect(refused("server/features/likes/x.ts", 'import { imported } from "./likes.service.ts";')).toBe(
      false,
    );
    expect(
      refused(
        "web/features/search/components/x.tsx",
        'import { imported } from "@web/features/profile/index.ts";',
      ),
    ).toBe(false);
    expect(refused("web/features/search/components/x.tsx", 'import { imported } from "../api.ts";')).toBe(
      false,
    );
  });

  it("refuses shared code that depends on a feature", () => {
    expect(refused("server/http/x.ts", 'import { imported } from "../features/profile/index.ts";')).toBe(
      true,
    );
    expect(refused("server/db/x.ts", 'import { imported } from "../payments/index.ts";')).toBe(true);
    expect(refused("web/lib/x.ts", 'import { imported } from "@web/features/profile/index.ts";')).toBe(true);
    expect(
      refused("web/components/ui/x.tsx", 'import { imported } from "../../features/search/api.ts";'),
    ).toBe(true);
    expect(refused("domain/x.ts", 'import { imported } from "../server/db/client.ts";')).toBe(true);
  });

  it("refuses scripts/ in production server code, not in its tests", () => {
    expect(refused("server/server.ts", 'import { imported } from "../scripts/seed/demo.ts";')).toBe(true);
    expect(
      refused("server/features/admin/x.ts", 'import { imported } from "../../../scripts/seed/demo.ts";'),
    ).toBe(true);
    expect(refused("server/x.test.ts", 'import { imported } from "../scripts/seed/demo.ts";')).toBe(false);
  });
});
