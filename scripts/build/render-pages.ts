// Prints the prerendered pages as JSON ({ public: { path: markup }, member: { path: markup } }),
// rendered in this process rather than the caller's: web/prerender.test.tsx hydrates them in a
// browser-like realm of its own, as production does (a server and a client renderer in one realm
// trip React's context checks).
import {
  MEMBER_FRAME_PATHS,
  PRERENDERED_PATHS,
  renderMemberFrame,
  renderPage,
} from "../../web/prerender.tsx";

const pages: { public: Record<string, string>; member: Record<string, string> } = { public: {}, member: {} };
for (const urlPath of PRERENDERED_PATHS) pages.public[urlPath] = await renderPage(urlPath);
// After the public pages: a member frame signs the renderer's auth client in.
for (const urlPath of MEMBER_FRAME_PATHS) pages.member[urlPath] = await renderMemberFrame(urlPath);
process.stdout.write(JSON.stringify(pages));
