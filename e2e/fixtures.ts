// Helpers shared by the journeys: unique accounts and test images made on the fly.
import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import sharp from "sharp";

export const PASSWORD = "un mot de passe solide";

export function uniqueEmail(prefix = "membre"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}@exemple.fr`;
}

/** A small JPEG portrait-like picture generated locally. */
export async function jpegPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 750, channels: 3, background: { r: 196, g: 98, b: 45 } } })
    .jpeg()
    .toBuffer();
}

export interface NewMember {
  email: string;
  firstName: string;
}

/** Signs up through the form and saves a complete profile; ends on /profile. */
export async function signUpWithProfile(
  page: Page,
  {
    firstName,
    gender,
    country = "Sénégal",
    birthDate = "1992-05-14",
  }: {
    firstName: string;
    gender: "Homme" | "Femme";
    country?: string;
    birthDate?: string;
  },
): Promise<NewMember> {
  const email = uniqueEmail(
    firstName
      .toLowerCase()
      .normalize("NFD")
      .replace(/[^a-z]/g, ""),
  );
  await page.goto("/signup");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Je confirme avoir 18 ans ou plus").check();
  await page.getByLabel("J'accepte les conditions d'utilisation").check();
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByLabel("Prénom").fill(firstName);
  await page.getByLabel("Nom", { exact: true }).fill("Essai");
  await page.getByLabel(gender, { exact: true }).check();
  await page.getByLabel("Date de naissance").fill(birthDate);
  await page.getByLabel("Pays").selectOption(country);
  await page.getByRole("button", { name: "Enregistrer le profil" }).click();
  await expect(page.getByText("Profil enregistré")).toBeVisible();
  return { email, firstName };
}

/** A first name no other test run uses, e.g. « Inès Bkqd ». Letters only, as people's names are. */
export function uniqueFirstName(base: string): string {
  const letters = Array.from(randomBytes(4), (b) => String.fromCharCode(97 + (b % 26))).join("");
  return `${base}${letters}`;
}

/** Subscribes for one month with the demo provider, from /subscription; ends on the success page. */
export async function subscribeWithDemo(page: Page, plan = "1 mois"): Promise<void> {
  await page.goto("/subscription");
  await page.getByRole("button", { name: `Choisir ${plan}` }).click();
  await expect(page.getByRole("heading", { name: "Paiement de démonstration" })).toBeVisible();
  await page.getByRole("button", { name: "Confirmer le paiement de démonstration" }).click();
  await expect(page.getByRole("heading", { name: "Merci, votre abonnement est actif !" })).toBeVisible();
}
