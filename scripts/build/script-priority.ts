// Vite plugin: the app's scripts are fetched at low priority (fetchpriority="low" on the entry and
// its modulepreloads). The pages that matter for a first visit arrive with their markup (the public
// pages and the member frames: web/prerender.tsx), so their first paint needs the stylesheet, not
// the scripts: on a slow mobile link the stylesheet is no longer queued behind 175 KB of scripts,
// and the browser's scheduler (and Lighthouse's model of it) stops treating the scripts as
// render-blocking. The scripts still load in parallel, as soon as the stylesheet is under way.
import type { Plugin } from "vite";

export function lowPriorityScripts(): Plugin {
  return {
    name: "passerelle-low-priority-scripts",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: (html) =>
        html.replace(
          /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
          '<$1 fetchpriority="low"',
        ),
    },
  };
}
