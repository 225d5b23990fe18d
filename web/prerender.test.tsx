// The prerendered public pages must be exactly the client's first render: React's development
// build (the one tests run) reports any hydration mismatch through console.error or
// onRecoverableError, which this test turns into failures.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { act, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { applyBootstrap } from "./app/bootstrap.ts";
import { CLIENT_ONLY_DIGEST } from "./app/ClientOnly.tsx";
import { Providers } from "./app/providers.tsx";
import { createQueryClient } from "./app/query-client.ts";
import { appRoutes } from "./app/router.tsx";
import { authClient, setHydratedPage } from "./lib/auth-client.ts";
import { MEMBER_FRAME_PATHS, PRERENDERED_PATHS } from "./prerender.tsx";

// Rendered by the build's own script, in another process: a server and a client renderer sharing
// one realm trip React's context checks, which production never does.
let pages: Record<string, string> = {};
let frames: Record<string, string> = {};
beforeAll(async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "scripts/build/render-pages.ts"],
    {
      maxBuffer: 32 * 1024 * 1024,
    },
  );
  ({ public: pages, member: frames } = JSON.parse(stdout) as {
    public: Record<string, string>;
    member: Record<string, string>;
  });
});

const HEADINGS: Record<(typeof PRERENDERED_PATHS)[number], RegExp> = {
  "/": /d’une rive à l’autre/,
  "/login": /^Connexion$/,
  "/signup": /^Créer mon compte$/,
  "/forgot-password": /^Mot de passe oublié$/,
  "/privacy-policy": /confidentialité/i,
  "/terms-of-use": /conditions/i,
  "/protection": /^Comment Passerelle vous protège$/,
};

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

/** Puts `html` in #root and hydrates it as the client does; reports what React complained about. */
async function hydrate(
  path: string,
  html: string,
  fetchImpl: typeof fetch,
  /** What web/app/start.tsx does first (a member page: the document's session and status). */
  before?: (queryClient: ReturnType<typeof createQueryClient>) => void,
  /** What the visitor does to the prerendered markup before the script has run. */
  typeFirst?: (container: HTMLElement) => void,
) {
  const container = document.createElement("div");
  container.id = "root";
  container.innerHTML = html;
  document.body.append(container);
  typeFirst?.(container);
  setHydratedPage((MEMBER_FRAME_PATHS as readonly string[]).includes(path) ? "member frame" : "public page");
  const heading = container.querySelector("h1");
  vi.stubGlobal("fetch", fetchImpl);
  const consoleErrors = vi.spyOn(console, "error").mockImplementation(() => {});
  const recoverable = vi.fn();
  const queryClient = createQueryClient();
  before?.(queryClient);
  const router = createMemoryRouter(appRoutes(queryClient), { initialEntries: [path] });
  // As web/app/start.tsx: the router's first loaders (synchronous) have run before React takes over.
  await act(async () => {
    while (!router.state.initialized) await new Promise((r) => setTimeout(r, 0));
  });
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <Providers queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
      {
        onRecoverableError: (error) =>
          recoverable(`${String(error)} ${(error as { digest?: string }).digest ?? ""}`),
      },
    );
  });
  // The lazy page's chunk loads, then its part of the markup hydrates.
  for (let i = 0; i < 10; i++) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 30));
    });
  }
  return {
    complaints: [...recoverable.mock.calls, ...consoleErrors.mock.calls].map((c) => String(c[0])),
    // A mismatch makes React throw the server's nodes away and render anew.
    keptServerNodes: heading !== null && container.querySelector("h1") === heading,
  };
}

/** The server never answers: the page stays in its first state, the prerendered one. (The race
 * where it answers before a page's chunk has loaded is timing-bound: e2e/prerender.spec.ts meets it
 * in the browser.) */
const silentServer: typeof fetch = () => new Promise(() => {});

describe("prerendered pages", () => {
  for (const path of PRERENDERED_PATHS) {
    it(`${path}: rendered without scripts or pending parts, and hydrated without a mismatch`, async () => {
      const html = pages[path] ?? "";
      expect(html).not.toMatch(/<script|<!--\$[?!]-->/);
      const result = await hydrate(path, html, silentServer);
      expect(screen.getByRole("heading", { level: 1, name: HEADINGS[path] })).toBeTruthy();
      expect(result.complaints.map((c) => c.slice(0, 400))).toEqual([]);
      expect(result.keptServerNodes).toBe(true);
    });
  }

  it("a page that differs from the client’s render is caught", async () => {
    const html = (pages["/login"] ?? "").replace("Heureux de vous revoir", "Heureux de te revoir");
    const result = await hydrate("/login", html, silentServer);
    expect(result.complaints.length).toBeGreaterThan(0);
  });
});

/** Types into the prerendered field labelled `label` as a browser does, without any script running. */
function typeInto(container: HTMLElement, label: string, value: string) {
  const id = Array.from(container.querySelectorAll("label")).find((l) => l.textContent === label)?.htmlFor;
  const input = id ? container.querySelector<HTMLInputElement>(`#${id}`) : null;
  if (!input) throw new Error(`no field labelled ${label}`);
  input.value = value;
}

const fieldValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

/** A server that says « no session », and nothing else. */
const signedOutServer: typeof fetch = (input) =>
  String(input instanceof Request ? input.url : input).includes("/get-session")
    ? Promise.resolve(Response.json(null))
    : new Promise(() => {});

describe("a session check that answers before React takes over a public page", () => {
  it("changes nothing in the markup, and what the visitor typed stays", async () => {
    // As on a slow phone: the route's preload asks for the session, which answers « none » while the
    // page's script is still loading.
    vi.stubGlobal("fetch", signedOutServer);
    const session = authClient.$store.atoms.session;
    if (!session) throw new Error("Better Auth’s session store is missing");
    const stop = session.listen(() => {});
    authClient.$store.notify("$sessionSignal");
    await vi.waitFor(() => expect(session.get()).toMatchObject({ isPending: false, data: null }), {
      timeout: 20_000,
    });
    stop();

    const result = await hydrate("/signup", pages["/signup"] ?? "", signedOutServer, undefined, (page) => {
      typeInto(page, "Adresse e-mail", "awa@exemple.fr");
      typeInto(page, "Mot de passe", "un mot de passe solide");
    });
    expect(result.complaints.map((c) => c.slice(0, 400))).toEqual([]);
    expect(result.keptServerNodes).toBe(true);
    expect(fieldValue("Adresse e-mail")).toBe("awa@exemple.fr");
    expect(fieldValue("Mot de passe")).toBe("un mot de passe solide");
    // The form holds them too (its counter), and the header now offers « Connexion ».
    expect(screen.getByText("22/128")).toBeTruthy();
    expect(screen.getAllByRole("link", { name: "Connexion" }).length).toBeGreaterThan(0);
  });
});

describe("member page frames", () => {
  for (const path of MEMBER_FRAME_PATHS) {
    it(`${path}: the prerendered frame hydrates as a subscriber’s first render, the page’s part left to the browser`, async () => {
      const frame = frames[path] ?? "";
      expect(frame).not.toMatch(/<script|\/work\/|<!--\$\?-->|data-msg|data-stck/);
      expect(frame).toContain(`<template data-dgst="${CLIENT_ONLY_DIGEST}"></template>`);
      // The document as the server sends it to a subscriber: the frame, the session and status.
      const bootstrap = document.createElement("script");
      bootstrap.type = "application/json";
      bootstrap.id = "passerelle-bootstrap";
      const now = new Date().toISOString();
      bootstrap.textContent = JSON.stringify({
        session: {
          session: { id: "s1", userId: "u1", expiresAt: now, createdAt: now, updatedAt: now },
          user: {
            id: "u1",
            name: "Awa",
            email: "awa@exemple.fr",
            emailVerified: true,
            createdAt: now,
            updatedAt: now,
          },
        },
        subscriptionStatus: { status: "subscribed", endsAt: now, plan: "monthly" },
      });
      document.head.append(bootstrap);
      const result = await hydrate(path, frame, silentServer, (client) =>
        expect(applyBootstrap(client)).toBe(true),
      );
      // Only the planned hand-over of the page's part; the frame itself matched.
      expect(
        result.complaints.filter((c) => !c.includes(CLIENT_ONLY_DIGEST)).map((c) => c.slice(0, 400)),
      ).toEqual([]);
      expect(result.keptServerNodes).toBe(true);
      expect(screen.getByRole("heading", { level: 1, name: "Recherche" })).toBeTruthy();
    });
  }
});
