// Helpers shared by the journeys: unique accounts and test images made on the fly.

import { randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type Browser, expect, type Page, type TestInfo, test } from "@playwright/test";
import sharp from "sharp";

export const PASSWORD = "un mot de passe solide";

/**
 * Context options for a journey about the service worker: installing the app, offline, push, economy
 * mode, the trip kit, and the prerendered member page's clean start (its registration is part of
 * it). The other journeys block the worker (playwright.config.ts), which every new context otherwise
 * registered, precaching the whole app.
 */
export const WITH_WORKER = { serviceWorkers: "allow" } as const;

export function uniqueEmail(prefix = "membre"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}@exemple.fr`;
}

/** A small JPEG portrait-like picture generated locally. */
export async function jpegPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 750, channels: 3, background: { r: 196, g: 98, b: 45 } } })
    .jpeg()
    .toBuffer();
}

/**
 * Fills and sends the sign-up form shown on the page (/signup), as a visitor does, then opens the
 * link of the confirmation e-mail — sign-up opens no session, the link does — and goes on to the
 * guided first profile (/onboarding) from the page it lands on.
 */
export async function submitSignUpForm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await sendSignUpForm(page, email, password);
  await openConfirmationLink(page, email);
  await page.getByRole("link", { name: "Compléter mon profil" }).click();
}

/** Fills and sends the sign-up form; ends on the page that asks to open the e-mailed link. */
export async function sendSignUpForm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await page.getByLabel("Je confirme avoir 18 ans ou plus").check();
  await page.getByLabel("J’accepte les conditions d’utilisation").check();
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Vérifiez votre boîte e-mail" })).toBeVisible();
}

/** Opens the e-mailed confirmation link: signed in, on the page that says the address is confirmed. */
export async function openConfirmationLink(page: Page, email: string): Promise<void> {
  const link = await confirmationLink(email);
  expect(new URL(link).searchParams.get("callbackURL")).toBe("/email-confirmed");
  await page.goto(link);
  await expect(page).toHaveURL(/\/email-confirmed$/);
  await expect(page.getByRole("heading", { level: 1, name: "Adresse e-mail confirmée" })).toBeVisible();
}

/** The link of the confirmation e-mail sent to `email` (the newest), once the server has written it. */
export async function confirmationLink(email: string): Promise<string> {
  let link = "";
  await expect
    .poll(async () => {
      const mail = (await mailsTo(email)).findLast((m) => m.subject.includes("Confirmez"));
      link = /https?:\/\/\S+/.exec(mail?.text ?? "")?.[0] ?? "";
      return link;
    })
    .not.toBe("");
  return link;
}

/** The Origin a page of the app sends, which the server's origin check wants on API calls. */
export function appOrigin(): string {
  return new URL(test.info().project.use.baseURL ?? "").origin;
}

/** The user id of the member signed in on `page`. */
export async function userId(page: Page): Promise<string> {
  const res = await page.request.get("/api/profile");
  return ((await res.json()) as { userId: string }).userId;
}

/** The member signed in on `page` likes `likedId`, through the API the pages call. */
export async function like(page: Page, likedId: string): Promise<void> {
  const res = await page.request.post("/api/likes", {
    data: { likedId, type: "like" },
    headers: { origin: appOrigin() },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

export interface NewMember {
  email: string;
  firstName: string;
}

/**
 * A member who joined through the API the app's pages call — sign-up, profile, and with `subscribed`
 * a demo payment — signed in in the page's browser context (which shares its cookies with
 * page.request). For journeys about something else than joining: the forms themselves are followed
 * in foundation, onboarding and first-minutes.
 */
export async function joinThroughApi(
  page: Page,
  {
    firstName,
    gender,
    country = "Sénégal",
    birthDate = "1992-05-14",
    subscribed = false,
    languages = ["Français"],
    city = "",
    interests = ["Voyages"],
    photo = false,
  }: {
    firstName: string;
    gender: "Homme" | "Femme";
    country?: string;
    birthDate?: string;
    languages?: string[];
    city?: string;
    interests?: string[];
    /**
     * A photo on the profile: the search's default order shows members with a photo first (issue
     * 34), so a member another must find among the demo's faces needs one.
     */
    photo?: boolean;
    /** true: a month by card in euros; or how to pay, through the demo provider. */
    subscribed?:
      | boolean
      | { currency: "EUR" | "XOF" | "XAF"; method: "card" | "mobile-money"; operator?: string };
  },
): Promise<NewMember> {
  const email = uniqueEmail(
    firstName
      .toLowerCase()
      .normalize("NFD")
      .replace(/[^a-z]/g, ""),
  );
  const origin = appOrigin();
  const call = async (method: "POST" | "PUT", path: string, data: unknown) => {
    const res = await page.request.fetch(path, { method, data, headers: { origin } });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return res.json();
  };
  await call("POST", "/api/auth/sign-up/email", {
    email,
    password: PASSWORD,
    name: "",
    ageConfirmed: true,
    termsAccepted: true,
  });
  // The e-mailed link confirms the address and opens the session (in the page's context).
  const confirmed = await page.request.get(await confirmationLink(email));
  expect(confirmed.status(), "confirmation link").toBeLessThan(400);
  await call("PUT", "/api/profile", {
    firstName,
    lastName: "Essai",
    gender: gender === "Femme" ? "female" : "male",
    lookingFor: "Une relation sérieuse",
    birthDate,
    country,
    city,
    phoneNumber: "",
    bio: "",
    occupation: "",
    education: "",
    languages,
    interests,
  });
  if (photo) {
    const res = await page.request.post("/api/profile/photos", {
      headers: { origin },
      multipart: { file: { name: "portrait.jpg", mimeType: "image/jpeg", buffer: await jpegPhoto() } },
    });
    expect(res.status(), `photo: ${await res.text()}`).toBe(201);
  }
  if (subscribed) {
    const how = subscribed === true ? {} : subscribed;
    const checkout = (await call("POST", "/api/subscription/checkout", { plan: "1-mois", ...how })) as {
      id: string;
    };
    await call("POST", `/api/subscription/checkouts/${checkout.id}/confirm-demo`, {
      outcome: "paid",
      ...(subscribed !== true && subscribed.method === "mobile-money" ? { phone: "+221 77 123 45 67" } : {}),
    });
  }
  return { email, firstName };
}

/** A first name no other test run uses, e.g. « Inès Bkqd ». Letters only, as people's names are. */
export function uniqueFirstName(base: string): string {
  const letters = Array.from(randomBytes(4), (b) => String.fromCharCode(97 + (b % 26))).join("");
  return `${base}${letters}`;
}

/** The e-mails the server wrote to its outbox (no SMTP in the journeys) for `to`, oldest first. */
export async function mailsTo(to: string): Promise<{ subject: string; text: string }[]> {
  // The server's data folder, chosen by playwright.config.ts and passed on to the workers.
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (see e2e/playwright.config.ts)");
  const dir = path.join(dataDir, "outbox");
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.includes(to)).sort();
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), "utf8"))));
}

/** The administrator of the e2e server's demo data (scripts/seed). */
export const ADMIN = { email: "admin@passerelle.example", password: "AdminPasserelle2026!" };

/**
 * Signs the administrator in, in a window of their own: the administration is desktop-first, so it
 * is wide on both projects. Returns the page on the dashboard; close its context when done.
 */
export async function adminWindow(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await signInAsAdmin(page);
  return { context, page };
}

/** Signs the administrator in on this page, ending on the dashboard. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto("/admin/login");
  await page.getByLabel("Adresse e-mail").fill(ADMIN.email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
}

/**
 * Keeps a picture of the page when E2E_SCREENS names a folder (the screens of an issue's note);
 * nothing otherwise.
 */
export async function keepScreen(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENS;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** Opens the conversation with `name` (a member who joined through joinThroughApi) from /messages. */
export async function openConversation(page: Page, name: string) {
  await page.goto("/messages");
  await page.getByRole("link", { name: new RegExp(name) }).click();
  return page.getByRole("region", { name: `Conversation avec ${name} E.` });
}
