// The guided first profile left half-way and offered again, and an unusable confirmation link. The
// whole guided profile, with the confirmation link that works, is e2e/first-minutes.spec.ts.
import { expect, type Page, test } from "@playwright/test";
import { submitSignUpForm, uniqueEmail } from "./fixtures.ts";

async function signUp(page: Page, email: string) {
  await page.goto("/signup");
  await submitSignUpForm(page, email);
}

const stepHeading = (page: Page, name: string) => page.getByRole("heading", { level: 2, name });

test("a member who leaves the guided profile is offered to finish it, and comes back to the first step", async ({
  page,
}) => {
  await signUp(page, uniqueEmail("plus-tard"));
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.goto("/profile");

  await expect(page.getByText("Votre profil n’est pas encore visible")).toBeVisible();
  await expect(
    page.getByText(/Il manque votre prénom, votre genre, votre date de naissance et votre pays\./),
  ).toBeVisible();
  await expect(page.getByLabel("Date de naissance")).toHaveValue("");
  await page.getByRole("link", { name: "Terminer mon profil" }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(stepHeading(page, "Qui je suis")).toBeVisible();
});

test("an unusable confirmation link says so and offers a new one", async ({ page }) => {
  await page.goto("/email-confirmed?error=INVALID_TOKEN");
  await expect(page.getByRole("heading", { level: 1, name: "Ce lien n’est pas valide" })).toBeVisible();
  await page.getByLabel("Adresse e-mail de votre compte").fill(uniqueEmail("inconnu"));
  await page.getByRole("button", { name: "Recevoir un nouveau lien" }).click();
  await expect(page.getByText(/Si un compte non confirmé correspond à cette adresse/)).toBeVisible();
});
