// Vite plugin: the document preloads the chunks the entry imports on its own schedule (web/main.tsx
// starts the app in steps, each a dynamic import in a task of its own). Vite preloads a dynamic
// import's chunks only when the import runs; these imports run one after the other, so each step
// would wait for its chunks over the network. Preloaded from the document, they are fetched with the
// entry and only evaluated step by step.
import type { OutputBundle, OutputChunk } from "rolldown";
import type { Plugin } from "vite";

/** The chunks behind the entry's dynamic imports, with everything they import, in a stable order. */
export function bootChainChunks(entry: OutputChunk, bundle: OutputBundle): string[] {
  const seen = new Set<string>([entry.fileName, ...entry.imports]);
  const order: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const chunk = bundle[file];
    if (chunk?.type !== "chunk") return;
    for (const dep of chunk.imports) visit(dep);
    order.push(file);
  };
  for (const file of entry.dynamicImports) visit(file);
  return order;
}

export function bootChainPreloads(): Plugin {
  let base = "/";
  return {
    name: "passerelle-boot-chain-preloads",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (!ctx.chunk || !ctx.bundle) return html;
        const links = bootChainChunks(ctx.chunk, ctx.bundle)
          .map((file) => `    <link rel="modulepreload" crossorigin href="${base}${file}">\n`)
          .join("");
        return html.replace("</head>", `${links}  </head>`);
      },
    },
  };
}
