// `npm run bench`: builds nothing itself — run `npm run build` first. Prints figures, asserts nothing.
// `npm run bench -- --search [options of bench/search.ts]` adds the search bench (several minutes:
// it seeds up to 1,000,000 members); `npm run bench:search` runs that one alone.
import { existsSync } from "node:fs";
import { benchBundle } from "./bundle.ts";
import { benchSearch } from "./search.ts";
import { benchStartup } from "./startup.ts";

const args = process.argv.slice(2);
const search = args.includes("--search");

if (!existsSync("dist/index.html")) {
  console.error("Run `npm run build` first.");
  process.exit(1);
}
await benchBundle();
await benchStartup();
if (search) await benchSearch(args.filter((a) => a !== "--search"));
