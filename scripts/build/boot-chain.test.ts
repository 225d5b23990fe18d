// Which chunks the document preloads for web/main.tsx's start in steps: those behind the entry's
// dynamic imports, with what they import, once each, dependencies first.
import type { OutputBundle, OutputChunk } from "rolldown";
import { expect, it } from "vitest";
import { bootChainChunks } from "./boot-chain.ts";

const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = []) =>
  ({
    type: "chunk",
    fileName,
    isEntry: fileName === "index.js",
    imports,
    dynamicImports,
  }) as unknown as OutputChunk;

it("preloads the steps' chunks and their imports, not the entry’s own nor the pages' behind them", () => {
  const entry = chunk("index.js", ["next-task.js"], ["client.js", "start.js"]);
  const bundle = Object.fromEntries(
    [
      entry,
      chunk("next-task.js"),
      chunk("client.js", ["react.js"]),
      chunk("start.js", ["client.js", "react.js", "router.js"], ["SearchPage.js"]),
      chunk("react.js"),
      chunk("router.js", ["react.js"]),
      chunk("SearchPage.js", ["zod.js"]),
      chunk("zod.js"),
    ].map((c) => [c.fileName, c]),
  ) as unknown as OutputBundle;
  expect(bootChainChunks(entry, bundle)).toEqual(["react.js", "client.js", "router.js", "start.js"]);
});
