// Vite plugins making Passerelle an installable web app (issue 18): the web manifest, and the service
// worker web/sw.ts built to /sw.js (vite-plugin-pwa, injectManifest) with the list of files it keeps
// on the device. That list holds the app's code and styles, the offline page and the prerendered
// public pages; not the admin area's code, nor anything under /api or /storage (never files here).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin, Rolldown } from "vite";
import { VitePWA } from "vite-plugin-pwa";

/** Colours of web/styles.css's theme: teal-800 (the header and the favicon's tile) and sand-50 (the page). */
const THEME_COLOR = "#124947";
const BACKGROUND_COLOR = "#fdfaf6";

const WEB_DIR = path.resolve(import.meta.dirname, "../../web");
const ADMIN_DIR = path.join(WEB_DIR, "features", "admin", path.sep);

interface ChunkInfo {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
}

/**
 * The chunks only the admin area loads: those the app's entries cannot reach without going through
 * an admin screen (web/features/admin, lazily loaded by the router).
 */
export function adminOnlyChunks(chunks: ChunkInfo[]): Set<string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const reached = new Set<string>();
  const visit = (chunk: ChunkInfo | undefined) => {
    if (!chunk || reached.has(chunk.fileName) || chunk.facadeModuleId?.startsWith(ADMIN_DIR)) return;
    reached.add(chunk.fileName);
    for (const file of [...chunk.imports, ...chunk.dynamicImports]) visit(byFile.get(file));
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk);
  return new Set(chunks.filter((c) => !reached.has(c.fileName)).map((c) => c.fileName));
}

/**
 * dist/offline.html from its template (web/offline.html): with the app's stylesheet, and the small
 * script that reloads it once back online. Not a second HTML entry of the build: Vite would then
 * move what both pages share (the stylesheet's module) into a chunk of its own, one more request for
 * every page of the app.
 */
function offlinePage(): Plugin {
  let scriptRef = "";
  return {
    name: "passerelle-offline-page",
    apply: "build",
    buildStart() {
      scriptRef = this.emitFile({
        type: "chunk",
        id: path.join(WEB_DIR, "pwa", "offline.ts"),
        name: "offline",
      });
    },
    generateBundle(_, bundle) {
      const app = Object.values(bundle).find(
        (out): out is Rolldown.OutputChunk =>
          out.type === "chunk" && out.facadeModuleId === path.join(WEB_DIR, "index.html"),
      );
      const styles = [...(app?.viteMetadata?.importedCss ?? [])];
      if (styles.length === 0) throw new Error("offline page: the app’s stylesheet was not found");
      const html = readFileSync(path.join(WEB_DIR, "offline.html"), "utf8")
        .replace(
          "<!-- passerelle:styles -->",
          styles.map((file) => `<link rel="stylesheet" href="/${file}" />`).join("\n    "),
        )
        .replace(
          "<!-- passerelle:script -->",
          `<script type="module" src="/${this.getFileName(scriptRef)}"></script>`,
        )
        // The template's notes are for its readers, not for the members' phones.
        .replace(/\s*<!--[\s\S]*?-->/g, "");
      this.emitFile({ type: "asset", fileName: "offline.html", source: html });
    },
  };
}

export function pwa(): Plugin[] {
  let outDir = "";
  let adminChunks = new Set<string>();
  // Learns the chunk graph of the app's build, before the worker's list is made (in closeBundle).
  const chunkGraph: Plugin = {
    name: "passerelle-pwa-chunks",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_, bundle) {
      adminChunks = adminOnlyChunks(
        Object.values(bundle).flatMap((out) => (out.type === "chunk" ? [out] : [])),
      );
    },
  };

  return [
    offlinePage(),
    chunkGraph,
    ...VitePWA({
      strategies: "injectManifest",
      srcDir: ".",
      filename: "sw.ts",
      // The app registers the worker itself (web/app/pwa/register.ts) and asks before updating.
      injectRegister: false,
      registerType: "prompt",
      // The icons are for the browser and the launcher, which fetch them themselves.
      includeManifestIcons: false,
      manifest: {
        id: "/",
        name: "Passerelle",
        short_name: "Passerelle",
        description: "Rencontres sincères entre l’Afrique francophone et l’Europe.",
        lang: "fr",
        dir: "ltr",
        // Members open the app to search; a signed-out visitor is sent to the login form, then back.
        start_url: "/search",
        scope: "/",
        display: "standalone",
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        categories: ["social", "lifestyle"],
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      injectManifest: {
        // A classic script: module service workers are recent in Safari and Firefox.
        rollupFormat: "iife",
        // Only the files listed; the .br and .gz copies (scripts/build/precompress.ts) are written
        // after this list is made and would not match these patterns anyway.
        globPatterns: ["assets/**/*.{js,css}", "offline.html", "pages/*.html", "favicon.svg"],
        globIgnores: ["**/*.br", "**/*.gz"],
        manifestTransforms: [
          (entries) => {
            const pages = prerenderedUrls(outDir);
            return {
              manifest: entries
                .filter((entry) => !adminChunks.has(entry.url))
                // A prerendered page is kept under the address it answers (/login), so that the
                // worker finds it there when the network is down.
                .map((entry) => ({ ...entry, url: pages.get(entry.url) ?? entry.url })),
            };
          },
        ],
      },
    }),
  ];
}

/**
 * File under dist/ → the URL path it is served at, from the prerender's manifest
 * (scripts/build/prerender.ts); none when the build did not prerender.
 */
function prerenderedUrls(outDir: string): Map<string, string> {
  const file = path.join(outDir, "pages", "manifest.json");
  if (!existsSync(file)) return new Map();
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  return new Map(Object.entries(manifest).map(([urlPath, page]) => [page, urlPath]));
}
