// Vite plugin: after the build, writes a Brotli (.br) and a gzip (.gz) copy next to every text
// asset worth compressing, once, at maximum quality. The server sends them (serveStatic with
// `precompressed`) to browsers that accept them, so no request pays for compression at runtime.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "passerelle-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the other plugins' closeBundle (the prerendered pages are written there).
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
        const files = entries
          .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
          .map((e) => path.join(e.parentPath, e.name));
        await Promise.all(
          files.map(async (file) => {
            const bytes = await readFile(file);
            if (bytes.length < MIN_BYTES) return;
            const [br, gzipped] = await Promise.all([
              brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
              gz(bytes, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
          }),
        );
      },
    },
  };
}
