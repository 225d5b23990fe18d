// Every page, signed out, as a member and as an administrator, with the demo data: an axe-core check
// (WCAG 2.1 A/AA rules, once per page: see siteFindings and adminFindings) that fails on any serious
// or critical violation, a full-page screenshot per project (desktop 1280 px, mobile 375 px) under
// test-results/screenshots/ when E2E_SCREENSHOTS=1 is set, and a check that nothing scrolls sideways
// at 1280 px (desktop), 375 and 360 px (mobile): neither the page, saying which element sticks out,
// nor a table inside its own scroll box (a clipped column or button). The overflow measured on each
// page is written to test-results/screenshots/<project>/overflow-*.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { type Browser, expect, type Page, type TestInfo, test } from "@playwright/test";
import { seriousViolations } from "./accessibility.ts";
import { ADMIN } from "./fixtures.ts";

const MEMBER = { email: "demo@passerelle.example", password: "Passerelle2026!" };
const SCREENSHOTS = "test-results/screenshots";

interface PageCase {
  name: string;
  path: string;
  /** The page's <h1>: its presence proves the page (not its spinner) is shown. */
  title: string | RegExp;
}

const PUBLIC_PAGES: PageCase[] = [
  { name: "accueil", path: "/", title: /./ },
  { name: "inscription", path: "/signup", title: "Créer mon compte" },
  { name: "connexion", path: "/login", title: "Connexion" },
  { name: "mot-de-passe-oublie", path: "/forgot-password", title: "Mot de passe oublié" },
  { name: "nouveau-mot-de-passe", path: "/reset-password?token=x", title: "Nouveau mot de passe" },
  { name: "lien-expire", path: "/email-confirmed?error=TOKEN_EXPIRED", title: "Ce lien a expiré" },
  { name: "confidentialite", path: "/privacy-policy", title: /confidentialité/i },
  { name: "conditions", path: "/terms-of-use", title: /conditions/i },
  { name: "protection", path: "/protection", title: "Comment Passerelle vous protège" },
  { name: "page-introuvable", path: "/nulle-part", title: /introuvable/i },
  { name: "admin-connexion", path: "/admin/login", title: /./ },
];

const MEMBER_PAGES: PageCase[] = [
  { name: "profil", path: "/profile", title: "Mon profil" },
  { name: "recherche", path: "/search", title: /./ },
  { name: "matchs", path: "/matches", title: /./ },
  { name: "visites", path: "/visits", title: "Qui a vu mon profil" },
  { name: "messages", path: "/messages", title: /./ },
  { name: "abonnement", path: "/subscription", title: "Abonnement" },
];

const ADMIN_PAGES: PageCase[] = [
  { name: "admin-tableau-de-bord", path: "/admin/dashboard", title: "Tableau de bord" },
  { name: "admin-utilisateurs", path: "/admin/users", title: "Utilisateurs" },
  { name: "admin-profils", path: "/admin/profiles", title: "Profils" },
  { name: "admin-matchs", path: "/admin/matches", title: "Matchs" },
  { name: "admin-messages", path: "/admin/messages", title: "Messages" },
  { name: "admin-abonnements", path: "/admin/subscriptions", title: "Abonnements" },
  { name: "admin-paiements", path: "/admin/subscriptions?view=payments", title: "Abonnements" },
  { name: "admin-verifications", path: "/admin/verifications", title: "Vérifications" },
  { name: "admin-photos-a-verifier", path: "/admin/photo-reviews", title: "Photos à vérifier" },
  { name: "admin-bouclier", path: "/admin/shield", title: "Bouclier" },
  { name: "admin-import", path: "/admin/add-json", title: "Ajout de données JSON" },
  { name: "admin-securite", path: "/admin/security", title: "Sécurité" },
];

// A tour visits up to ten pages, each audited and measured at every width: about 5 s a page on this
// project's 2-core machine, more while the other worker runs a journey beside it.
test.describe.configure({ timeout: 150_000 });

/** The widths each project checks: the desktop window, and two common phone widths. */
const WIDTHS: Record<string, number[]> = { desktop: [1280], mobile: [375, 360] };

/** Waits for the page's heading, the end of every loading state, web fonts and images. */
async function settled(page: Page, title: string | RegExp) {
  await expect(page.getByRole("heading", { level: 1, name: title }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Not "networkidle": signed-in pages hold an event stream open.
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images)
        .filter((img) => !img.complete && img.loading !== "lazy")
        .map((img) => new Promise((resolve) => img.addEventListener("load", resolve, { once: true }))),
    );
  });
}

/** Runs axe and keeps a screenshot; returns the serious or critical violations, described. */
async function audit(page: Page, testInfo: TestInfo, name: string): Promise<string[]> {
  // Full-page screenshots are for people to look at: taken when asked (E2E_SCREENSHOTS=1); a failing
  // test keeps its trace, with the page at every step, anyway.
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${SCREENSHOTS}/${testInfo.project.name}/${name}.png`, fullPage: true });
  return seriousViolations(page, { label: name });
}

interface Overflow {
  /** document.documentElement.scrollWidth - the window's width, in CSS pixels. */
  px: number;
  /** The widest element, and the one reaching furthest, whose right edge is past the window. */
  culprits: string[];
  /** Tables whose own scroll box hides part of them (a clipped column or button), described. */
  clippedTables: string[];
}

/**
 * How far the document scrolls sideways, and what sticks out. An element only counts as a culprit
 * when no box that clips it (overflow other than visible, in its containing-block chain) keeps it in,
 * and when it is not fixed to the viewport (fixed boxes follow the window and never widen the page):
 * a cell of a table scrolling in its own box is fine, but an absolutely positioned label inside that
 * box whose nearest positioned ancestor is outside it escapes the box, and is reported.
 */
function measureOverflow(): Overflow {
  // Under phone emulation Chrome widens window.innerWidth to the content (the page is zoomed out to
  // show it all), which would hide the overflow: the layout viewport, clientWidth, is the reference.
  const width = Math.min(window.innerWidth, document.documentElement.clientWidth);
  const px = document.documentElement.scrollWidth - width;

  const clippedTables = Array.from(document.querySelectorAll("table"))
    .map((table) => ({ table, box: table.parentElement }))
    // A visually hidden table (in a 1 px box) is not a clipped one.
    .filter(({ box }) => box && box.clientWidth > 1 && getComputedStyle(box).overflowX !== "visible")
    .filter(({ box }) => box && box.scrollWidth > box.clientWidth + 1)
    .map(
      ({ table, box }) =>
        `the table « ${table.caption?.textContent?.trim() ?? "(no caption)"} » hides ${(box?.scrollWidth ?? 0) - (box?.clientWidth ?? 0)} px in its scroll box`,
    );
  if (px <= 0) return { px, culprits: [], clippedTables };

  const keptIn = (el: Element): boolean => {
    let position = getComputedStyle(el).position;
    if (position === "fixed") return true;
    for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const style = getComputedStyle(a);
      // An absolutely positioned box skips the static ancestors between it and its containing block.
      if (position === "absolute" && style.position === "static") continue;
      if (style.overflowX !== "visible" && a.getBoundingClientRect().right <= width + 0.5) return true;
      position = style.position;
      if (position === "fixed") return true;
    }
    return false;
  };
  const describe = (el: Element, rect: DOMRect): string => {
    const id = el.id ? `#${el.id}` : "";
    const classes = typeof el.className === "string" ? el.className.trim().split(/\s+/).slice(0, 6) : [];
    const cls = classes.length > 0 && classes[0] ? `.${classes.join(".")}` : "";
    const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 50);
    return `<${el.tagName.toLowerCase()}${id}${cls}> « ${text} » (left ${Math.round(rect.left)}, right ${Math.round(rect.right)}, width ${Math.round(rect.width)})`;
  };

  const outside = Array.from(document.body.querySelectorAll("*"))
    .map((el) => ({ el, rect: el.getBoundingClientRect() }))
    .filter(({ el, rect }) => rect.right > width + 0.5 && rect.width > 0 && !keptIn(el));
  const widest = outside.reduce<(typeof outside)[number] | undefined>(
    (a, b) => (a && a.rect.width >= b.rect.width ? a : b),
    undefined,
  );
  const furthest = outside.reduce<(typeof outside)[number] | undefined>(
    (a, b) => (a && a.rect.right >= b.rect.right ? a : b),
    undefined,
  );
  const culprits = [...new Set([widest, furthest])].flatMap((c) => (c ? [describe(c.el, c.rect)] : []));
  return { px, culprits, clippedTables };
}

/** Measures the page at each width of the project: the overflow per width, and the failures described. */
async function checkWidths(page: Page, testInfo: TestInfo, name: string) {
  const initial = page.viewportSize();
  const figures: Record<string, number> = {};
  const failures: string[] = [];
  for (const width of WIDTHS[testInfo.project.name] ?? []) {
    if (initial && width !== initial.width) {
      await page.setViewportSize({ width, height: initial.height });
      // Let layout, and any media-query listeners, follow the new width.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    }
    const overflow = await page.evaluate(measureOverflow);
    figures[width] = overflow.px;
    if (overflow.px > 0)
      failures.push(`${name} at ${width} px: ${overflow.px} px too wide — ${overflow.culprits.join(" ; ")}`);
    for (const table of overflow.clippedTables) failures.push(`${name} at ${width} px: ${table}`);
  }
  if (initial && page.viewportSize()?.width !== initial.width) await page.setViewportSize(initial);
  return { figures, failures };
}

/** Collects the axe violations, the overflow failures and the figures of one journey. */
class Findings {
  violations: string[] = [];
  overflowing: string[] = [];
  figures: Record<string, Record<string, number>> = {};

  /** `axe` says which pages axe audits (by name); the others have their widths measured only. */
  constructor(
    private readonly page: Page,
    private readonly testInfo: TestInfo,
    private readonly options: { axe: (name: string) => boolean },
  ) {}

  /** Audits the page as it is shown now, under `name`. */
  async check(name: string) {
    if (this.options.axe(name)) this.violations.push(...(await audit(this.page, this.testInfo, name)));
    const { figures, failures } = await checkWidths(this.page, this.testInfo, name);
    this.figures[name] = figures;
    this.overflowing.push(...failures);
  }

  async tour(cases: PageCase[]) {
    for (const c of cases) {
      await this.page.goto(c.path);
      await settled(this.page, c.title);
      await this.check(c.name);
    }
  }

  /** Keeps the figures next to the screenshots, then fails on any violation or overflow. */
  assert(journey: string) {
    const dir = `${SCREENSHOTS}/${this.testInfo.project.name}`;
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/overflow-${journey}.json`, `${JSON.stringify(this.figures, null, 2)}\n`);
    expect.soft(this.violations, this.violations.join("\n")).toEqual([]);
    expect(
      this.overflowing,
      `pages or tables wider than the window:\n${this.overflowing.join("\n")}`,
    ).toEqual([]);
  }
}

async function signIn(page: Page, loginPath: string, account: { email: string; password: string }) {
  await page.goto(loginPath);
  await page.getByLabel("Adresse e-mail").fill(account.email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
}

/**
 * The demo data has no report: the demo member reports the latest message a match sent her (through
 * the API, from her signed-in page), so that the administration has a report to show in full.
 * Nothing else changes for her: the report does not block.
 */
async function fileDemoReport(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext(testInfo.project.use);
  const page = await context.newPage();
  await signIn(page, "/login", MEMBER);
  const status = await page.evaluate(async () => {
    const json = async (url: string, init?: RequestInit) => {
      const res = await fetch(url, { headers: { "Content-Type": "application/json" }, ...init });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const conversations: { data: { matchId: string; member: { userId: string } }[] } =
      await json("/api/conversations");
    for (const c of conversations.data) {
      const messages: { data: { id: string; senderId: string }[] } = await json(
        `/api/matches/${c.matchId}/messages`,
      );
      const theirs = messages.data.find((m) => m.senderId === c.member.userId);
      if (!theirs) continue;
      await json("/api/reports", {
        method: "POST",
        body: JSON.stringify({
          userId: c.member.userId,
          messageId: theirs.id,
          reason: "inappropriate",
          details: "Signalement de démonstration pour la visite des pages.",
        }),
      });
      return "filed";
    }
    return "no message from a match";
  });
  expect(status).toBe("filed");
  await context.close();
}

/**
 * Public and member pages are audited with axe once, on a phone, the device most members use: the
 * markup is the same at both widths but for the page frame, which the desktop audit of the home page
 * and the profile covers (header, footer, side navigation). Every page is measured at every width.
 * (axe took half of this file's time when it ran on every page at both widths.)
 */
const AXE_ON_DESKTOP = new Set(["accueil", "profil"]);
const siteFindings = (page: Page, testInfo: TestInfo) =>
  new Findings(page, testInfo, {
    axe: (name) => testInfo.project.name === "mobile" || AXE_ON_DESKTOP.has(name),
  });

test("public pages are accessible and fit a phone", async ({ page }, testInfo) => {
  const findings = siteFindings(page, testInfo);
  await findings.tour(PUBLIC_PAGES);
  findings.assert("public");
});

test("member pages are accessible and fit a phone", async ({ page }, testInfo) => {
  const findings = siteFindings(page, testInfo);
  await signIn(page, "/login", MEMBER);
  await findings.tour(MEMBER_PAGES.filter((c) => c.name !== "abonnement"));

  // The demo member is subscribed and has paid once: the history has a row.
  await page.goto("/subscription");
  await settled(page, "Abonnement");
  const payments = page.getByRole("table", { name: /Vos paiements/ });
  await expect(payments.getByRole("row").nth(1)).toBeVisible();
  await findings.check("abonnement");

  // An open conversation and a profile's detail, the two richest views.
  await page.goto("/messages");
  await page
    .getByRole("list", { name: /conversations/i })
    .getByRole("link")
    .first()
    .click();
  await expect(page.getByRole("region", { name: /^Conversation avec/ })).toBeVisible();
  await findings.check("conversation");
  await page.goto("/search");
  await page
    .getByRole("article")
    .first()
    .getByRole("button", { name: /voir le profil$/ })
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await findings.check("profil-detail");
  findings.assert("member");
});

/**
 * The administration is desktop-first: audited with axe at 1280 px; on a phone it must still fit
 * (375 and 360 px) and keep its actions reachable.
 */
const adminFindings = (page: Page, testInfo: TestInfo) =>
  new Findings(page, testInfo, { axe: () => testInfo.project.name === "desktop" });

// Two halves, so that the two workers share the administration's eleven pages.
const ADMIN_TOURS = [ADMIN_PAGES.slice(0, 6), ADMIN_PAGES.slice(6)];
for (const [i, pages] of ADMIN_TOURS.entries()) {
  test(`administration lists are accessible and fit a phone (${i + 1}/${ADMIN_TOURS.length})`, async ({
    page,
  }, testInfo) => {
    const findings = adminFindings(page, testInfo);
    await signIn(page, "/admin/login", ADMIN);
    await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
    await findings.tour(pages);
    findings.assert(`admin-listes-${i + 1}`);
  });
}

test("administration details, reports and row actions are accessible and fit a phone", async ({
  page,
  browser,
}, testInfo) => {
  await fileDemoReport(browser, testInfo);
  const findings = adminFindings(page, testInfo);
  await signIn(page, "/admin/login", ADMIN);
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();

  // The demo member's account and profile, the richest of the detail pages.
  await page.goto(`/admin/users?q=${encodeURIComponent(MEMBER.email)}`);
  await settled(page, "Utilisateurs");
  await page.getByRole("link", { name: "Awa Ndiaye", exact: true }).click();
  await settled(page, "Awa Ndiaye");
  await findings.check("admin-utilisateur");
  const userId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
  await page.goto(`/admin/profiles/${encodeURIComponent(userId)}`);
  await settled(page, "Profil d’Awa Ndiaye");
  await findings.check("admin-profil");

  // A row's action is reached with the keyboard from the list, and shown whole (on a phone, in its card).
  await page.goto("/admin/matches?status=accepted");
  await settled(page, "Matchs");
  const reject = page.getByRole("button", { name: /^Passer en rejeté/ }).first();
  await page.getByRole("region", { name: "Matchs", exact: true }).focus();
  for (let tab = 0; tab < 12; tab++) {
    if (await reject.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press("Tab");
  }
  await expect(reject).toBeFocused();
  const button = await reject.boundingBox();
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  expect(button && button.x >= 0 && button.x + button.width <= width, "the focused action is cut off").toBe(
    true,
  );

  // The reports, and one with the messages around the reported one.
  await page.goto("/admin/reports");
  await settled(page, "Signalements");
  await findings.check("admin-signalements");
  await page
    .getByRole("link", { name: /examiner le signalement/ })
    .first()
    .click();
  await settled(page, /^Signalement : /);
  await findings.check("admin-signalement");
  findings.assert("admin-details");
});
