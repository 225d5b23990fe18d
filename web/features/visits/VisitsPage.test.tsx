import type { ProfileVisitDto } from "@domain/discovery.ts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { formatDate, formatTime } from "@web/lib/format.ts";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { publicProfileFixture } from "@web/test/fixtures.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { describe, expect, it, vi } from "vitest";
import VisitsPage from "./VisitsPage.tsx";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** GET /api/profile/visits answers `reply`, in order for successive calls (the last one repeats). */
function stubVisits(...replies: Response[]) {
  const urls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return (replies.length > 1 ? replies.shift() : replies[0])?.clone() ?? json(500, {});
    }),
  );
  return urls;
}

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

describe("VisitsPage", () => {
  it("lists the visitors, the latest first, with when they came", async () => {
    const tenDaysAgo = hoursAgo(240);
    const visits: ProfileVisitDto[] = [
      {
        member: publicProfileFixture({ userId: "u-moussa", presence: "online", profileVerified: true }),
        visitedAt: hoursAgo(2).toISOString(),
      },
      {
        member: publicProfileFixture({
          userId: "u-awa",
          firstName: "Awa",
          lastInitial: "D.",
          age: 29,
          gender: "female",
          country: "Sénégal",
          presence: "week",
        }),
        visitedAt: tenDaysAgo.toISOString(),
      },
    ];
    const urls = stubVisits(json(200, { data: visits }));
    renderWithProviders(<VisitsPage />, { route: "/visits" });

    expect(
      await screen.findByRole("heading", { name: "2 membres ont consulté votre profil" }),
    ).toBeInTheDocument();
    expect(urls).toEqual(["/api/profile/visits"]);
    const cards = screen.getAllByRole("article");
    expect(cards.map((c) => c.getAttribute("aria-labelledby"))).toEqual(["visite-u-moussa", "visite-u-awa"]);

    const moussa = screen.getByRole("article", { name: /Moussa K\., 34 ans/ });
    expect(moussa).toHaveTextContent("A consulté votre profil il y a 2 heures");
    expect(within(moussa).getByText("En ligne")).toBeInTheDocument();
    expect(within(moussa).getByText("Profil vérifié")).toBeInTheDocument();

    const awa = screen.getByRole("article", { name: /Awa D\., 29 ans/ });
    expect(awa).toHaveTextContent(
      `A consulté votre profil le ${formatDate(tenDaysAgo)} à ${formatTime(tenDaysAgo)}`,
    );
    expect(within(awa).getByText("Active cette semaine")).toBeInTheDocument();
    expect(within(awa).getByText("Sénégal")).toBeInTheDocument();

    // The whole profile opens in a dialog.
    await userEvent.click(within(awa).getByRole("button", { name: /Awa D\., 29 ans\s?: voir le profil/ }));
    expect(await screen.findByRole("dialog", { name: "Profil d’Awa D." })).toBeInTheDocument();
  });

  it("says so when nobody came over the last 90 days", async () => {
    stubVisits(json(200, { data: [] }));
    renderWithProviders(<VisitsPage />, { route: "/visits" });
    expect(
      await screen.findByRole("heading", {
        name: "Personne n’a encore vu votre profil ces 90 derniers jours",
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Soigner mon profil" })).toHaveAttribute("href", "/profile");
  });

  it("invites a member without a subscription to subscribe, with no error", async () => {
    stubVisits(
      json(403, {
        error: {
          code: "SUBSCRIPTION_REQUIRED",
          message: "Cette fonctionnalité est réservée aux membres abonnés.",
        },
      }),
    );
    renderWithProviders(<VisitsPage />, { route: "/visits" });
    expect(
      await screen.findByRole("heading", { name: "Découvrez qui s’intéresse à vous" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Voir les formules" })).toHaveAttribute(
      "href",
      "/subscription?from=%2Fvisits",
    );
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Réessayer" })).not.toBeInTheDocument();
  });

  it("shows the loading state, then an error with a retry that works", async () => {
    const user = userEvent.setup({ delay: null });
    stubVisits(
      json(503, { error: { code: "SERVICE_UNAVAILABLE", message: "Service momentanément indisponible" } }),
      json(200, { data: [] }),
    );
    renderWithProviders(<VisitsPage />, { route: "/visits" });
    expect(screen.getByRole("status")).toHaveTextContent("Chargement de vos visites…");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Impossible de charger vos visites");
    expect(alert).toHaveTextContent("Service momentanément indisponible");

    await user.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(
      await screen.findByRole("heading", { name: /Personne n’a encore vu votre profil/ }),
    ).toBeInTheDocument();
  });

  it("takes a blocked visitor off the list", async () => {
    const user = userEvent.setup({ delay: null });
    const visits: ProfileVisitDto[] = [
      { member: publicProfileFixture({ userId: "u-moussa" }), visitedAt: hoursAgo(1).toISOString() },
      {
        member: publicProfileFixture({
          userId: "u-awa",
          firstName: "Awa",
          lastInitial: "D.",
          gender: "female",
        }),
        visitedAt: hoursAgo(3).toISOString(),
      },
    ];
    const { calls } = stubFetch((call) => {
      if (call.url === "/api/profile/visits") return { body: { data: visits } };
      if (call.url === "/api/blocks")
        return {
          status: 201,
          body: {
            userId: "u-moussa",
            firstName: "Moussa",
            lastInitial: "K.",
            photo: null,
            blockedAt: new Date().toISOString(),
          },
        };
      return undefined;
    });
    renderWithProviders(<VisitsPage />, { route: "/visits" });
    await screen.findByRole("article", { name: /Moussa K\./ });
    await user.click(screen.getByRole("button", { name: "Plus d’actions pour Moussa K." }));
    await user.click(screen.getByRole("button", { name: "Bloquer Moussa K." }));
    const dialog = screen.getByRole("dialog", { name: "Bloquer Moussa K. ?" });
    await user.click(within(dialog).getByRole("button", { name: "Bloquer" }));

    await waitFor(() =>
      expect(screen.queryByRole("article", { name: /Moussa K\./ })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole("article", { name: /Awa D\./ })).toBeInTheDocument();
    expect(calls.find((c) => c.url === "/api/blocks")).toMatchObject({
      method: "POST",
      body: { userId: "u-moussa" },
    });
  });
});
