// The audit the journeys rely on (accessibility.ts) finds what it is there to find: a page without
// violations passes, and the same page with a nameless button, pale text and an image without a text
// alternative fails with each named. It guards the audit's settings (legacy mode, violations only)
// against an update of axe-core that would quietly stop reporting.
import { expect, test } from "@playwright/test";
import { seriousViolations } from "./accessibility.ts";

test("the accessibility audit reports a nameless button, unreadable text and an image without alt", async ({
  page,
}) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.evaluate(() => {
    const main = document.querySelector("main");
    if (!main) throw new Error("no <main> on the sign-in page");
    const button = Object.assign(document.createElement("button"), { id: "nameless" });
    const pale = Object.assign(document.createElement("p"), { id: "pale", textContent: "Texte pâle" });
    pale.style.cssText = "color: #eeeeee; background: #ffffff";
    const image = Object.assign(document.createElement("img"), { id: "no-alt", src: "/favicon.svg" });
    main.append(button, pale, image);
  });
  const found = (await seriousViolations(page, { label: "connexion" })).join("\n");
  expect(found).toMatch(/^connexion: button-name \(critical\) — .* — #nameless$/m);
  expect(found).toMatch(/^connexion: color-contrast \(serious\) — .* — #pale$/m);
  expect(found).toMatch(/^connexion: image-alt \(critical\) — .* — #no-alt$/m);
  // An audit limited to a part of the page reports only what is inside it.
  expect(await seriousViolations(page, { include: "header" })).toEqual([]);
});
