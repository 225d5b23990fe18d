// Prints the prerendered public pages as JSON ({ path: markup }), rendered in this process rather
// than the caller's: web/prerender.test.tsx hydrates them in a browser-like realm of its own, as
// production does (a server and a client renderer in one realm trip React's context checks).
import { PRERENDERED_PATHS, renderPage } from "../../web/prerender.tsx";

const pages: Record<string, string> = {};
for (const urlPath of PRERENDERED_PATHS) pages[urlPath] = await renderPage(urlPath);
process.stdout.write(JSON.stringify(pages));
