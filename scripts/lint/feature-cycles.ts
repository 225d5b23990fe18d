// The features' own direction (issue 35): a cycle between feature folders — admin calls the review
// services, which call back into admin — is refused even when no cycle of files runs through it
// (dependency-cruiser's no-circular sees files only). Reads the graph dependency-cruiser draws with
// the repository's configuration; exits 1 and names each cycle of features. `npm run deps` runs it.
// Usage: node --import tsx scripts/lint/feature-cycles.ts [dir] (the repository by default).
import { spawnSync } from "node:child_process";
import path from "node:path";
import type { ICruiseResult } from "dependency-cruiser";

const root = path.resolve(import.meta.dirname, "../..");
const cwd = path.resolve(process.argv[2] ?? root);
const run = spawnSync(
  path.join(root, "node_modules/.bin/depcruise"),
  ["--config", path.join(root, ".dependency-cruiser.cjs"), "--output-type", "json", "server"],
  { cwd, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
);
const graph = JSON.parse(run.stdout) as ICruiseResult;
const feature = (file: string) => /^server\/features\/([^/]+)\//.exec(file)?.[1];

/** Feature → the features its production files import. */
const uses = new Map<string, Set<string>>();
for (const m of graph.modules) {
  const from = feature(m.source);
  if (!from || m.source.endsWith(".test.ts")) continue;
  for (const d of m.dependencies) {
    const to = feature(d.resolved);
    if (to && to !== from) uses.set(from, (uses.get(from) ?? new Set()).add(to));
  }
}

// Strongly connected components (Tarjan): each with more than one feature is a cycle.
const index = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const cycles: string[][] = [];
let next = 0;
function visit(v: string): void {
  index.set(v, next);
  low.set(v, next++);
  stack.push(v);
  for (const w of uses.get(v) ?? []) {
    if (!index.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v)!, low.get(w)!));
    } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
  }
  if (low.get(v) === index.get(v)) {
    const component: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      component.push(w);
      if (w === v) break;
    }
    if (component.length > 1) cycles.push(component.sort());
  }
}
for (const v of [...uses.keys()].sort()) if (!index.has(v)) visit(v);

if (cycles.length > 0) {
  for (const c of cycles) console.error(`error feature-cycle: ${c.join(" ↔ ")} import each other`);
  process.exit(1);
}
console.log(
  `✔ no cycle between the ${new Set([...uses.keys(), ...[...uses.values()].flatMap((s) => [...s])]).size} features`,
);
