// `npm run bench`: builds nothing itself — run `npm run build` first. Prints figures, asserts nothing.
import { existsSync } from "node:fs";
import { benchBundle } from "./bundle.ts";
import { benchStartup } from "./startup.ts";

if (!existsSync("dist/index.html")) {
  console.error("Run `npm run build` first.");
  process.exit(1);
}
await benchBundle();
await benchStartup();
