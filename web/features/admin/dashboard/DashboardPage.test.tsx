import type { DashboardDto } from "@domain/admin.ts";
import { frenchTypography } from "@domain/typography.ts";
import { screen, within } from "@testing-library/react";
import { formatTime } from "@web/lib/format.ts";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { adminFixture } from "../shared/test-helpers.tsx";
import DashboardPage from "./DashboardPage.tsx";

const days = (counts: number[]) =>
  counts.map((count, i) => ({ day: `2026-11-${String(i + 1).padStart(2, "0")}`, count }));

const dashboard: DashboardDto = {
  members: {
    total: 1234,
    byStatus: { trial: 800, subscribed: 300, expired: 134 },
    byGender: { male: 600, female: 620, unknown: 14 },
    byCountry: [
      { country: "France", count: 400 },
      { country: "Sénégal", count: 210 },
    ],
  },
  signupsPerDay: days([3, 0, 7, 2]),
  messagesPerDay: days([10, 12, 0, 5]),
  activeSubscriptions: 290,
  pendingVerifications: 3,
  pendingPhotoReviews: 5,
  openDisputes: 2,
  revenueThisMonth: [
    { currency: "EUR", amount: 47_997 },
    { currency: "XOF", amount: 124_500 },
  ],
  figuresAt: "2026-11-22T15:12:00.000Z",
  latestActions: [
    {
      id: "a1",
      admin: { id: "admin-1", email: "moderation@passerelle.example" },
      action: "user.ban",
      targetType: "user",
      targetId: "u1",
      summary: "Bannissement : faux profil",
      createdAt: "2026-11-22T09:15:00.000Z",
    },
    {
      id: "a2",
      admin: { id: null, email: "Système de paiement" },
      action: "payment.paid",
      targetType: "checkout",
      targetId: "c0ffee00-0000-4000-8000-000000000001",
      summary: "CinetPay · Orange Money · 6 500 FCFA · 3 mois · awa@example.org",
      createdAt: "2026-11-22T09:10:00.000Z",
    },
  ],
};

/** The stat card of a label (its heading's card). */
const card = (label: string) => screen.getByRole("heading", { name: label }).parentElement as HTMLElement;

describe("DashboardPage", () => {
  it("shows the figures, accessible charts with their data, and the latest actions", async () => {
    stubFetch(() => ({ body: dashboard }));
    renderWithProviders(<DashboardPage />);
    // One line per currency, the euro first; getByText collapses the no-break spaces of French numbers.
    await screen.findByText("479,97 €");
    const revenue = within(card("Revenus ce mois-ci")).getAllByRole("listitem");
    expect(revenue.map((li) => li.textContent?.replace(/\s/g, " "))).toEqual(["479,97 €", "124 500 FCFA"]);
    // Chargebacks awaiting their outcome, with the way to them (issue 33).
    expect(
      within(card("Revenus ce mois-ci")).getByRole("link", { name: /2 paiements contestés par la banque/ }),
    ).toHaveAttribute("href", "/admin/subscriptions?view=payments&reversal=disputed");
    expect(screen.getByRole("heading", { name: "Par statut" }).parentElement).toHaveTextContent(
      /Essai\s*800/,
    );
    expect(screen.getByRole("heading", { name: "Par statut" }).parentElement).toHaveTextContent(
      /Abonné\s*300/,
    );

    // The review queues' lengths, with the way to each.
    const pending = card("Vérifications à examiner");
    expect(pending).toHaveTextContent("3");
    expect(within(pending).getByRole("link", { name: "Examiner les selfies" })).toHaveAttribute(
      "href",
      "/admin/verifications",
    );
    const held = card("Photos à vérifier");
    expect(held).toHaveTextContent("5");
    expect(within(held).getByRole("link", { name: "Examiner les photos" })).toHaveAttribute(
      "href",
      "/admin/photo-reviews",
    );

    const chart = screen.getByRole("img", { name: /Inscriptions par jour \(30 jours\)/ });
    expect(chart).toHaveAccessibleName(
      /12 inscriptions du 1er novembre au 4 novembre, avec un maximum de 7 le 3 novembre\./,
    );
    const data = screen.getByRole("table", {
      name: frenchTypography("Inscriptions par jour (30 jours) : chiffres par jour"),
    });
    expect(within(data).getByRole("row", { name: "3 novembre 7" })).toBeInTheDocument();

    const actions = screen.getByRole("table", {
      name: "Dernières actions des administrateurs et du système de paiement",
    });
    expect(within(actions).getByRole("rowheader", { name: "Bannissement" })).toBeInTheDocument();
    expect(actions).toHaveTextContent("Bannissement : faux profil");
    expect(actions).toHaveTextContent("moderation@passerelle.example");
    // The payment system's entries have no administrator: its name, and a link to the payment.
    const paid = within(actions).getByRole("row", { name: /Paiement confirmé/ });
    expect(paid).toHaveTextContent("Système de paiement");
    expect(within(paid).getByRole("link", { name: /6 500 FCFA · 3 mois.*voir le paiement/ })).toHaveAttribute(
      "href",
      "/admin/subscriptions?view=payments&q=c0ffee00-0000-4000-8000-000000000001",
    );
    // Local time, 24-hour: « 15:12 » on a machine in UTC.
    expect(
      screen.getByText(new RegExp(`Chiffres calculés à ${formatTime(dashboard.figuresAt)}`)),
    ).toBeInTheDocument();
  });

  it("names each CFA franc’s union when both are there, and shows 0 € before any payment", async () => {
    stubFetch(() => ({
      body: {
        ...dashboard,
        revenueThisMonth: [
          { currency: "EUR", amount: 1999 },
          { currency: "XOF", amount: 15_000 },
          { currency: "XAF", amount: 6500 },
        ],
      },
    }));
    const { unmount } = renderWithProviders(<DashboardPage />);
    await screen.findByText("19,99 €");
    const lines = within(card("Revenus ce mois-ci")).getAllByRole("listitem");
    expect(lines.map((li) => li.textContent?.replace(/\s/g, " "))).toEqual([
      "19,99 €",
      "15 000 FCFA (UEMOA)",
      "6 500 FCFA (CEMAC)",
    ]);
    unmount();

    stubFetch(() => ({ body: { ...dashboard, revenueThisMonth: [], openDisputes: 0 } }));
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByText("0,00 €")).toBeInTheDocument();
    expect(within(card("Revenus ce mois-ci")).queryByRole("list")).toBeNull();
    expect(within(card("Revenus ce mois-ci")).queryByRole("link")).toBeNull();
  });

  it("still links to the review queues when they are empty", async () => {
    stubFetch(() => ({ body: { ...dashboard, pendingVerifications: 0, pendingPhotoReviews: 0 } }));
    renderWithProviders(<DashboardPage />);
    await screen.findByText("479,97 €");
    for (const [label, href] of [
      ["Vérifications à examiner", "/admin/verifications"],
      ["Photos à vérifier", "/admin/photo-reviews"],
    ] as const) {
      const queue = card(label);
      expect(queue.textContent, label).toBe(`${label}0Voir la file d’attente`);
      expect(within(queue).getByRole("link", { name: "Voir la file d’attente" })).toHaveAttribute(
        "href",
        href,
      );
    }
  });

  it("says, outside production, that the second factor is optional here while it is off", async () => {
    let admin = adminFixture({ twoFactorEnabled: false, twoFactorRequired: false });
    stubFetch((call) => ({ body: call.url === "/api/admin/me" ? admin : dashboard }));
    const { unmount } = renderWithProviders(<DashboardPage />);
    expect(await screen.findByText("Double authentification facultative sur ce serveur")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "L’activer maintenant" })).toHaveAttribute(
      "href",
      "/admin/security",
    );
    unmount();

    admin = adminFixture({ twoFactorEnabled: true, twoFactorRequired: false });
    renderWithProviders(<DashboardPage />);
    await screen.findByText("479,97 €");
    expect(screen.queryByText("Double authentification facultative sur ce serveur")).toBeNull();
  });

  it("offers a retry when the figures cannot be loaded", async () => {
    stubFetch(() => ({
      status: 500,
      body: { error: { code: "INTERNAL_ERROR", message: "Une erreur est survenue" } },
    }));
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByRole("button", { name: "Réessayer" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Impossible de charger le tableau de bord");
  });
});
