// The built SPA served with the API: pages of the app answer 200, any other path the same page with
// HTTP 404 (the app shows « Page introuvable »), prerendered pages their own file, and missing
// hashed assets a plain 404, never index.html; the service worker and the web manifest are checked
// again on every use. Runs on a small stand-in of dist/.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type App, createApp } from "./app.ts";
import { BASE_URL, createTestApp, describeOnEngine, type TestApp } from "./test/harness.ts";

const INDEX = "<!doctype html><title>Passerelle</title><div id=root></div>";
const LOGIN = "<!doctype html><title>Connexion</title><main>prérendu</main>";

describeOnEngine("serving the SPA", (engine) => {
  let t: TestApp;
  let app: App;
  let dist: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    dist = await mkdtemp(path.join(tmpdir(), "passerelle-dist-"));
    await mkdir(path.join(dist, "assets"));
    await mkdir(path.join(dist, "pages"));
    await writeFile(path.join(dist, "index.html"), INDEX);
    await writeFile(path.join(dist, "assets", "app-1234.js"), "console.log(1)");
    await writeFile(path.join(dist, "pages", "login.html"), LOGIN);
    await writeFile(path.join(dist, "sw.js"), "self.addEventListener('push', () => {})");
    await writeFile(path.join(dist, "manifest.webmanifest"), JSON.stringify({ name: "Passerelle" }));
    await writeFile(
      path.join(dist, "pages", "manifest.json"),
      JSON.stringify({ "/login": "pages/login.html" }),
    );
    app = createApp(t.deps, { spaDir: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (p: string) => Promise.resolve(app.request(`${BASE_URL}${p}`));

  it("answers the app’s pages with HTTP 200 and index.html", async () => {
    for (const p of ["/", "/search", "/profile", "/admin/users/u_1", "/messages?match=x"]) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(await res.text()).toBe(INDEX);
    }
  });

  it("answers any other path with HTTP 404 and the same page, which shows « Page introuvable »", async () => {
    for (const p of ["/nulle-part", "/search/autre", "/admin/inconnu", "/profile/x/y"]) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await res.text()).toBe(INDEX);
    }
  });

  it("sends prerendered pages and assets as files, and a missing asset as a plain 404", async () => {
    const login = await get("/login");
    expect(login.status).toBe(200);
    expect(await login.text()).toBe(LOGIN);
    const asset = await get("/assets/app-1234.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const missing = await get("/assets/app-0000.js");
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain("<div id=root>");
  });

  it("sends the service worker and the web manifest to be checked again on every use, under the CSP that allows them", async () => {
    const worker = await get("/sw.js");
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-type")).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    const manifest = await get("/manifest.webmanifest");
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get("content-type")).toBe("application/manifest+json");
    expect(manifest.headers.get("cache-control")).toBe("no-cache");
    expect(await manifest.json()).toEqual({ name: "Passerelle" });
    for (const res of [worker, manifest, await get("/search")]) {
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("manifest-src 'self'");
      expect(csp).toContain("default-src 'self'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
    // Other files keep their own caching.
    expect((await get("/assets/app-1234.js")).headers.get("cache-control")).toBe(
      "public, max-age=31536000, immutable",
    );
    expect((await get("/workbox-0000.js")).status).toBe(404);
  });

  it("keeps the API’s own 404 for unknown API paths", async () => {
    const res = await get("/api/nulle-part");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
  });
});
