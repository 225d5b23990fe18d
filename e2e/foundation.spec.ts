// Foundation journey: sign up → complete the profile → upload a photo (framed) → an invalid file is refused
// in French → sign out → sign back in and find everything kept.
import { expect, test } from "@playwright/test";
import { jpegPhoto, PASSWORD, submitSignUpForm, uniqueEmail } from "./fixtures.ts";

test("a new visitor signs up, completes a profile with a photo, signs out and back in", async ({
  page,
  isMobile,
}) => {
  const email = uniqueEmail();

  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await page.goto("/signup");
  await submitSignUpForm(page, email);

  // The guided first profile opens (e2e/onboarding.spec.ts); this journey fills /profile instead.
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.goto("/profile");
  await page.getByLabel("Prénom").fill("Aminata");
  await page.getByLabel("Nom", { exact: true }).fill("Koné");
  await page.getByLabel("Femme").check();
  await page.getByLabel("Date de naissance").fill("1994-03-08");
  await page.getByLabel("Pays de résidence").selectOption("Côte d’Ivoire");
  await page.getByRole("button", { name: "Enregistrer le profil" }).click();
  await expect(page.getByText("Profil enregistré")).toBeVisible();

  const upload = page.getByLabel("Ajouter une photo");
  await upload.setInputFiles({ name: "portrait.jpg", mimeType: "image/jpeg", buffer: await jpegPhoto() });
  // Prepared in the browser, then framed: the proposed square is kept.
  await page
    .getByRole("dialog", { name: "Cadrer votre photo" })
    .getByRole("button", { name: "Envoyer la photo" })
    .click();
  await expect(page.getByRole("img", { name: /Aminata/ }).first()).toBeVisible();

  await upload.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("pas une image"),
  });
  await expect(page.getByText("Le fichier doit être une image")).toBeVisible();

  if (isMobile) await page.getByRole("button", { name: /menu/i }).click();
  await page.getByRole("button", { name: "Déconnexion" }).click();
  await expect(page).toHaveURL(/\/login/);

  // A signed-out visitor is sent to /login, then back to the page they wanted.
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile/);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel("Prénom")).toHaveValue("Aminata");
  await expect(page.getByRole("img", { name: /Aminata/ }).first()).toBeVisible();

  // The session survives a reload.
  await page.reload();
  await expect(page.getByLabel("Prénom")).toHaveValue("Aminata");
});

test("bad credentials get one generic French message", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Adresse e-mail").fill(uniqueEmail("inconnu"));
  await page.getByLabel("Mot de passe", { exact: true }).fill("mauvais mot de passe");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByText("Adresse e-mail ou mot de passe incorrect")).toBeVisible();
});

test("public pages and the 404 page are in French, the 404 page with HTTP 404", async ({ page }) => {
  for (const [path, heading, status] of [
    ["/privacy-policy", /confidentialité/i, 200],
    ["/terms-of-use", /conditions/i, 200],
    ["/page-qui-n-existe-pas", /introuvable/i, 404],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(status);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  }
});
