// A signed-in member's page carries the session and the subscription status inline
// (server/platform/http/spa-document.ts). Runs on a stand-in of dist/.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "./app.ts";
import { BOOTSTRAP_ELEMENT_ID, jsonForScript } from "./spa-document.ts";
import { BASE_URL, createTestApp, describeOnEngine, type TestApp } from "./test/harness.ts";
import { setBanned, signUpMember } from "./test/members.ts";

const INDEX =
  '<!doctype html><html><head><title>Passerelle</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';
/** A member frame's document (web/prerender.tsx), as the build writes it. */
const SEARCH_FRAME = INDEX.replace(
  '<div id="root">',
  '<div id="root" data-member-frame><div inert><h1>Recherche</h1></div>',
);
async function standInDist(): Promise<string> {
  const dist = await mkdtemp(path.join(tmpdir(), "passerelle-dist-"));
  await writeFile(path.join(dist, "index.html"), INDEX);
  await mkdir(path.join(dist, "pages"));
  await writeFile(path.join(dist, "pages", "member-search.html"), SEARCH_FRAME);
  await writeFile(
    path.join(dist, "pages", "member-frames.json"),
    JSON.stringify({ "/search": "pages/member-search.html" }),
  );
  return dist;
}

/** The JSON block of a document, parsed; null when there is none. */
function bootstrapOf(html: string): {
  session: { user: { id: string }; session: Record<string, unknown> };
  subscriptionStatus: unknown;
} | null {
  const match = html.match(
    new RegExp(`<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">(.*?)</script>`),
  );
  return match ? JSON.parse(match[1]!) : null;
}

describe("the document’s parts", () => {
  it("writes JSON that no text can close its script element with", () => {
    const json = jsonForScript({ name: "</script><script>alert(1)</script>", line: "a\u2028b" });
    expect(json).not.toContain("<");
    expect(json).not.toContain("\u2028");
    expect(JSON.parse(json)).toEqual({ name: "</script><script>alert(1)</script>", line: "a\u2028b" });
  });
});

describeOnEngine("a member page’s document", (engine) => {
  let t: TestApp;
  let app: App;
  let dist: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    dist = await standInDist();
    app = createApp(t.deps, { spaDir: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (p: string, cookie?: string) =>
    Promise.resolve(app.request(`${BASE_URL}${p}`, { headers: cookie ? { cookie } : {} }));

  it("carries the session and the subscription status of a signed-in member, privately", async () => {
    const member = await signUpMember(t, "female", { firstName: "</script>Awa" });
    const res = await get("/search?ageMin=25", member.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    expect(res.headers.get("vary")).toBe("Cookie");
    const html = await res.text();
    const data = bootstrapOf(html);
    expect(data?.session.user.id).toBe(member.userId);
    // Not the session's secret, nor where it was opened from.
    const token = decodeURIComponent(member.cookie.split("=")[1] ?? "").split(".")[0]!;
    expect(token.length).toBeGreaterThan(20);
    expect(html).not.toContain(token);
    expect(Object.keys(data?.session.session ?? {})).not.toEqual(expect.arrayContaining(["token"]));
    expect(data?.session.session).not.toHaveProperty("ipAddress");
    // The same status as the API's.
    const status = await t.request("/api/subscription/status", { cookie: member.cookie });
    expect(data?.subscriptionStatus).toEqual(await status.json());
  });

  it("is the page’s prerendered frame for a subscriber, the plain document for a member who is not", async () => {
    const subscriber = await signUpMember(t, "female");
    const frame = await (await get("/search", subscriber.cookie)).text();
    expect(frame).toContain("data-member-frame");
    expect(bootstrapOf(frame)?.session.user.id).toBe(subscriber.userId);
    // Not for the other member pages (no frame of theirs), nor for a member without a subscription,
    // whom the page sends to /subscription.
    expect(await (await get("/matches", subscriber.cookie)).text()).not.toContain("data-member-frame");
    const free = await signUpMember(t, "male", { accountStatus: "trial" });
    const plain = await (await get("/search", free.cookie)).text();
    expect(plain).not.toContain("data-member-frame");
    expect(bootstrapOf(plain)?.session.user.id).toBe(free.userId);
    // Nor for a visitor.
    expect(await (await get("/search")).text()).toBe(INDEX);
  });

  it("is the plain document for a visitor, a bad cookie or a banned member", async () => {
    const visitor = await get("/search");
    expect(visitor.headers.get("cache-control")).toBe("no-cache");
    expect(await visitor.text()).toBe(INDEX);
    expect(
      bootstrapOf(await (await get("/search", "better-auth.session_token=faux.signature")).text()),
    ).toBeNull();
    const banned = await signUpMember(t, "male");
    await setBanned(t.deps.database.db, banned.userId, true);
    expect(bootstrapOf(await (await get("/matches", banned.cookie)).text())).toBeNull();
  });

  it("leaves the public pages and the administration alone", async () => {
    const member = await signUpMember(t, "female");
    expect(await (await get("/login", member.cookie)).text()).toBe(INDEX);
    expect(await (await get("/admin/users", member.cookie)).text()).toBe(INDEX);
  });
});
