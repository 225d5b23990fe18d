// Vite plugin: after the client build, renders the public pages and the member frames
// (web/prerender.tsx, through scripts/build/render-pages.ts in a process of its own) into copies of
// dist/index.html under dist/pages/, with manifests the server reads to send them for those paths
// (server/app.ts, server/platform/http/spa-document.ts).
import { execFile } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import type { Plugin } from "vite";

const ROOT_ELEMENT = '<div id="root"></div>';
const run = promisify(execFile);

/** dist/pages/<name>.html for a prerendered URL path ("/" → index). */
const prerenderedFile = (urlPath: string) =>
  `pages/${urlPath === "/" ? "index" : urlPath.replace(/^\//, "").replace(/\//g, "-")}.html`;

export function prerender(): Plugin {
  let outDir = "";
  return {
    name: "passerelle-prerender",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const template = await readFile(path.join(outDir, "index.html"), "utf8");
      if (!template.includes(ROOT_ELEMENT)) throw new Error(`dist/index.html has no ${ROOT_ELEMENT}`);
      const script = path.join(import.meta.dirname, "render-pages.ts");
      const { stdout } = await run(process.execPath, ["--import", "tsx", script], {
        maxBuffer: 32 * 1024 * 1024,
      });
      const pages = JSON.parse(stdout) as { public: Record<string, string>; member: Record<string, string> };
      await mkdir(path.join(outDir, "pages"), { recursive: true });
      const manifest: Record<string, string> = {};
      for (const [urlPath, markup] of Object.entries(pages.public)) {
        manifest[urlPath] = prerenderedFile(urlPath);
        const html = template.replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`);
        await writeFile(path.join(outDir, manifest[urlPath]), html);
      }
      // The member frames: sent by the server to subscribers only, hydrated with the session and
      // status the server adds to the document (web/app/start.tsx). Inert until then: a tap on a button of
      // the frame would do nothing (and a test runner is told it cannot click yet).
      const frames: Record<string, string> = {};
      for (const [urlPath, markup] of Object.entries(pages.member)) {
        frames[urlPath] = prerenderedFile(`/member${urlPath}`);
        const html = template.replace(ROOT_ELEMENT, `<div id="root" data-member-frame inert>${markup}</div>`);
        await writeFile(path.join(outDir, frames[urlPath]), html);
      }
      // The server reads these lists (server/app.ts) rather than importing the web code.
      await writeFile(path.join(outDir, "pages", "manifest.json"), JSON.stringify(manifest, null, 2));
      await writeFile(path.join(outDir, "pages", "member-frames.json"), JSON.stringify(frames, null, 2));
    },
  };
}
