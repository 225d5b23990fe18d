import { SEARCH_MSG, type SearchResultDto } from "@domain/discovery.ts";
import type { ProfileDto } from "@domain/profile.ts";
import { frenchTypography } from "@domain/typography.ts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { profileKeys } from "@web/features/profile/index.ts";
import { quoted } from "@web/lib/format.ts";
import { profileFixture, publicProfileFixture } from "@web/test/fixtures.ts";
import { renderWithProviders } from "@web/test/render.tsx";
import { useLocation } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SEARCH_STORAGE_KEY } from "./remembered-filters.ts";
import SearchPage from "./SearchPage.tsx";

/** The address the page is at, shown for the tests to read. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

const remember = (query: string) => localStorage.setItem(SEARCH_STORAGE_KEY, JSON.stringify({ v: 1, query }));
const remembered = () => JSON.parse(localStorage.getItem(SEARCH_STORAGE_KEY) ?? "null");

afterEach(() => localStorage.clear());

const moussa = publicProfileFixture({ userId: "u-moussa", firstName: "Moussa" });
const julien = publicProfileFixture({
  userId: "u-julien",
  firstName: "Julien",
  lastInitial: "M.",
  country: "France",
});

function page(data = [moussa, julien], more: Partial<SearchResultDto> = {}): SearchResultDto {
  return { data, count: data.length, countCapped: false, hasMore: false, nextCursor: null, ...more };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/**
 * fetch stub: search answers at once; likes wait until the test releases them. The member's own
 * profile (read by the « finish your profile » banner) is `me`, and not among the recorded urls.
 */
function stubApi(search: (url: string) => SearchResultDto, me: ProfileDto = profileFixture()) {
  const urls: string[] = [];
  let releaseLike: (res: Response) => void = () => {};
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL) => {
      const url = String(input);
      if (url === "/api/profile") return Promise.resolve(json(200, me));
      urls.push(url);
      if (url.startsWith("/api/likes")) return new Promise<Response>((resolve) => (releaseLike = resolve));
      return Promise.resolve(json(200, search(url)));
    }),
  );
  return { urls, releaseLike: (res: Response) => releaseLike(res) };
}

describe("SearchPage", () => {
  it("sends the filters kept in the URL and shows the cards with the total", async () => {
    const api = stubApi(() => page());
    renderWithProviders(<SearchPage />, { route: "/search?ageMin=30&ageMax=45&withPhoto=1&interests=Danse" });
    expect(await screen.findByRole("heading", { name: "2 profils" })).toBeInTheDocument();
    expect(api.urls[0]).toBe("/api/search?ageMin=30&ageMax=45&withPhoto=true&interests=Danse");
    const card = screen.getByRole("article", { name: /Moussa K\., 34 ans/ });
    expect(within(card).getByText("Mali")).toBeInTheDocument();
    expect(card).toHaveTextContent(/65\s% de compatibilité/);
    expect(screen.getByLabelText("De", { selector: "select" })).toHaveValue("30");
  });

  it("removes a liked card at once and brings it back with the error when the like fails", async () => {
    const api = stubApi(() => page());
    renderWithProviders(<SearchPage />, { route: "/search" });
    const card = await screen.findByRole("article", { name: /Moussa/ });
    await userEvent.click(within(card).getByRole("button", { name: "J’aime Moussa K." }));
    expect(screen.queryByRole("article", { name: /Moussa/ })).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "1 profil" })).toBeInTheDocument();

    api.releaseLike(json(503, { error: { code: "SERVICE_UNAVAILABLE", message: "Service indisponible" } }));
    expect(await screen.findByRole("article", { name: /Moussa/ })).toBeInTheDocument();
    expect(
      await screen.findByText("Moussa K. est de retour dans la liste : Service indisponible"),
    ).toBeInTheDocument();
  });

  it("says a first like opened the conversation, without calling it a match", async () => {
    const api = stubApi(() => page());
    renderWithProviders(<SearchPage />, { route: "/search" });
    const card = await screen.findByRole("article", { name: /Julien/ });
    await userEvent.click(within(card).getByRole("button", { name: "J’aime Julien M." }));
    api.releaseLike(json(200, { type: "like", matched: true, mutual: false, matchId: "m1" }));
    expect(await screen.findByText("Vous avez aimé Julien M. : vous pouvez lui écrire.")).toBeInTheDocument();
    expect(screen.queryByText(/C’est un match/)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Écrire à Julien M." })).toHaveAttribute(
      "href",
      "/messages?match=m1",
    );
  });

  it("confirms a match when the other member had liked too", async () => {
    const api = stubApi(() => page());
    renderWithProviders(<SearchPage />, { route: "/search" });
    const card = await screen.findByRole("article", { name: /Julien/ });
    await userEvent.click(within(card).getByRole("button", { name: "J’aime Julien M." }));
    api.releaseLike(json(200, { type: "like", matched: true, mutual: true, matchId: "m1" }));
    expect(
      await screen.findByText("C’est un match avec Julien M. ! Vous vous plaisez tous les deux."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Écrire à Julien M." })).toHaveAttribute(
      "href",
      "/messages?match=m1",
    );
  });

  it("loads the next page with the cursor on « Voir plus »", async () => {
    const api = stubApi((url) =>
      url.includes("cursor=")
        ? page([julien])
        : page([moussa], { hasMore: true, nextCursor: "abc", count: 2 }),
    );
    renderWithProviders(<SearchPage />, { route: "/search" });
    await userEvent.click(await screen.findByRole("button", { name: "Voir plus" }));
    expect(await screen.findByRole("article", { name: /Julien/ })).toBeInTheDocument();
    expect(api.urls.at(-1)).toBe("/api/search?cursor=abc");
    await waitFor(() => expect(screen.queryByRole("button", { name: "Voir plus" })).not.toBeInTheDocument());
  });

  it("says what to do when nothing matches, and shows « 200+ » beyond the counted total", async () => {
    stubApi((url) =>
      url.includes("ageMin") ? page([]) : page([moussa], { count: 200, countCapped: true, hasMore: true }),
    );
    const first = renderWithProviders(<SearchPage />, { route: "/search?ageMin=60" });
    expect(
      await screen.findByRole("heading", { name: "Aucun profil avec ces critères" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Réinitialiser les filtres" })).toBeInTheDocument();
    first.unmount();
    renderWithProviders(<SearchPage />, { route: "/search" });
    expect(await screen.findByRole("heading", { name: "200+ profils" })).toBeInTheDocument();
  });

  it("says where the compatibility order stops, at the end of its pool only", async () => {
    stubApi(() => page([moussa], { count: 200, countCapped: true, hasMore: false }));
    const ranked = renderWithProviders(<SearchPage />, { route: "/search?sort=compatibility" });
    expect(await screen.findByText(/Le tri par compatibilité classe les 200 profils/)).toBeInTheDocument();
    ranked.unmount();
    renderWithProviders(<SearchPage />, { route: "/search" });
    expect(await screen.findByRole("heading", { name: "200+ profils" })).toBeInTheDocument();
    expect(screen.queryByText(/Le tri par compatibilité/)).not.toBeInTheDocument();
  });

  it("asks for a complete profile when the API says it is incomplete", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        json(409, { error: { code: "PROFILE_INCOMPLETE", message: "Complétez votre profil" } }),
      ),
    );
    renderWithProviders(<SearchPage />, { route: "/search" });
    expect(await screen.findByRole("link", { name: "Compléter mon profil" })).toHaveAttribute(
      "href",
      "/onboarding",
    );
    // The results say it: no second message above them.
    expect(screen.queryByText("Votre profil n’est pas encore visible")).not.toBeInTheDocument();
  });

  it("offers to finish a profile whose birth date is not given yet, with the results still shown", async () => {
    stubApi(() => page(), profileFixture({ birthDate: "2000-01-01", birthDateConfirmed: false }));
    renderWithProviders(<SearchPage />, { route: "/search" });
    expect(await screen.findByRole("heading", { name: "2 profils" })).toBeInTheDocument();
    expect(await screen.findByText("Votre profil n’est pas encore visible")).toBeInTheDocument();
    expect(screen.getByText(/Il manque votre date de naissance\./)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Terminer mon profil" })).toHaveAttribute("href", "/onboarding");
  });

  it("shows no such offer to a member whose profile is ready", async () => {
    stubApi(() => page());
    const { client } = renderWithProviders(<SearchPage />, { route: "/search" });
    expect(await screen.findByRole("heading", { name: "2 profils" })).toBeInTheDocument();
    // The profile has arrived (and been rendered from) before the banner's absence is checked.
    await waitFor(() => expect(client.getQueryState(profileKeys.own)?.status).toBe("success"));
    expect(screen.queryByText("Votre profil n’est pas encore visible")).not.toBeInTheDocument();
  });

  it("sends the places, languages and intentions of the URL as repeated parameters", async () => {
    const api = stubApi(() => page());
    renderWithProviders(<SearchPage />, {
      route:
        "/search?livesIn=SN&livesIn=europe-ouest&from=ci&from=atlantide&languages=Wolof&lookingFor=Le+mariage",
    });
    expect(await screen.findByRole("heading", { name: "2 profils" })).toBeInTheDocument();
    expect(api.urls[0]).toBe(
      "/api/search?livesIn=SN&livesIn=europe-ouest&from=CI&lookingFor=Le+mariage&languages=Wolof",
    );
    const chosen = screen.getByRole("list", { name: frenchTypography("Vit en : lieux choisis") });
    expect(within(chosen).getByRole("button", { name: "Retirer Sénégal" })).toBeInTheDocument();
    expect(within(chosen).getByRole("button", { name: "Retirer Europe de l’Ouest" })).toBeInTheDocument();
  });

  it("remembers the filters applied, and searches with them when /search is opened bare", async () => {
    const api = stubApi(() => page());
    const first = renderWithProviders(<SearchPage />, { route: "/search" });
    await screen.findByRole("heading", { name: "2 profils" });
    const select = screen.getByRole("combobox", { name: "Vit en" });
    await userEvent.selectOptions(select, "SN");
    await userEvent.click(screen.getByRole("button", { name: `Ajouter à ${quoted("Vit en")}` }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Le mariage" }));
    await userEvent.click(screen.getByRole("button", { name: "Rechercher" }));
    await waitFor(() => expect(api.urls.at(-1)).toBe("/api/search?livesIn=SN&lookingFor=Le+mariage"));
    expect(remembered()).toEqual({ v: 1, query: "livesIn=SN&lookingFor=Le+mariage" });
    first.unmount();

    // The next visit: the first (and only) search already has them, and the address shows them.
    api.urls.length = 0;
    renderWithProviders(
      <>
        <SearchPage />
        <Address />
      </>,
      { route: "/search" },
    );
    await waitFor(() =>
      expect(screen.getByTestId("address")).toHaveTextContent("/search?livesIn=SN&lookingFor=Le+mariage"),
    );
    expect(
      await screen.findByText("Nous avons repris les filtres de votre dernière recherche."),
    ).toBeInTheDocument();
    await screen.findByRole("heading", { name: "2 profils" });
    expect(api.urls).toEqual(["/api/search?livesIn=SN&lookingFor=Le+mariage"]);
    expect(screen.getByRole("checkbox", { name: "Le mariage" })).toBeChecked();
  });

  it("« Réinitialiser » forgets the remembered filters", async () => {
    const api = stubApi(() => page());
    remember("ageMin=30&from=afrique");
    renderWithProviders(
      <>
        <SearchPage />
        <Address />
      </>,
      { route: "/search" },
    );
    await waitFor(() =>
      expect(screen.getByTestId("address")).toHaveTextContent("/search?ageMin=30&from=afrique"),
    );
    await userEvent.click(screen.getByRole("button", { name: "Réinitialiser" }));
    await waitFor(() => expect(screen.getByTestId("address").textContent).toBe("/search"));
    expect(localStorage.getItem(SEARCH_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(api.urls.at(-1)).toBe("/api/search"));
    expect(
      screen.queryByText("Nous avons repris les filtres de votre dernière recherche."),
    ).not.toBeInTheDocument();
  });

  it("keeps an address with filters as it is, and ignores a remembered value it cannot read", async () => {
    const api = stubApi(() => page());
    remember("livesIn=SN");
    const first = renderWithProviders(<SearchPage />, { route: "/search?ageMax=40" });
    await screen.findByRole("heading", { name: "2 profils" });
    expect(api.urls).toEqual(["/api/search?ageMax=40"]);
    // Opening a bookmark is not applying filters: what is remembered stays.
    expect(remembered()).toEqual({ v: 1, query: "livesIn=SN" });
    first.unmount();

    api.urls.length = 0;
    localStorage.setItem(SEARCH_STORAGE_KEY, "{cassé");
    renderWithProviders(<SearchPage />, { route: "/search" });
    await screen.findByRole("heading", { name: "2 profils" });
    expect(api.urls).toEqual(["/api/search"]);
    expect(localStorage.getItem(SEARCH_STORAGE_KEY)).toBeNull();
  });

  it("names the filters to loosen when nothing matches, and resets them all", async () => {
    const api = stubApi((url) => (url.includes("livesIn") ? page([]) : page()));
    renderWithProviders(<SearchPage />, { route: "/search?livesIn=SN&languages=Wolof" });
    expect(
      await screen.findByRole("heading", { name: "Aucun profil avec ces critères" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "Pour voir plus de membres, essayez d’assouplir ces critères : « Vit en » et les langues parlées.",
      ),
    ).toBeInTheDocument();
    remember("livesIn=SN&languages=Wolof");
    await userEvent.click(screen.getByRole("button", { name: "Réinitialiser les filtres" }));
    await waitFor(() => expect(api.urls.at(-1)).toBe("/api/search"));
    expect(localStorage.getItem(SEARCH_STORAGE_KEY)).toBeNull();
  });

  it("sends « En ligne récemment » and the order, and shows how recently each member was active", async () => {
    const api = stubApi(() =>
      page([
        { ...moussa, presence: "online" },
        { ...julien, presence: null },
      ]),
    );
    renderWithProviders(<SearchPage />, { route: "/search?active=1&sort=activity" });
    expect(await screen.findByRole("heading", { name: "2 profils" })).toBeInTheDocument();
    expect(api.urls[0]).toBe("/api/search?active=true&sort=activity");
    expect(within(screen.getByRole("article", { name: /Moussa/ })).getByText("En ligne")).toBeInTheDocument();
    expect(
      within(screen.getByRole("article", { name: /Julien/ })).queryByText(/En ligne|Actif/),
    ).not.toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "En ligne récemment" })).toBeChecked();
    expect(screen.getByRole("combobox", { name: "Trier par" })).toHaveValue("activity");
  });

  it("offers neither to a member who hides her activity", async () => {
    stubApi(() => page(), profileFixture({ presenceHidden: true }));
    renderWithProviders(<SearchPage />, { route: "/search" });
    await screen.findByRole("heading", { name: "2 profils" });
    await waitFor(() => expect(screen.getByRole("checkbox", { name: "En ligne récemment" })).toBeDisabled());
    const sort = screen.getByRole("combobox", { name: "Trier par" });
    expect(within(sort).getByRole("option", { name: "Activité récente" })).toBeDisabled();
    expect(screen.getAllByRole("link", { name: "Modifier ce réglage" })[0]).toHaveAttribute(
      "href",
      "/profile?rubrique=vie-privee",
    );
  });

  it("when the API refuses them (an old address), says why and searches without them", async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url === "/api/profile") return json(200, profileFixture({ presenceHidden: true }));
        urls.push(url);
        if (/active=|sort=activity/.test(url))
          return json(403, { error: { code: "PRESENCE_HIDDEN", message: SEARCH_MSG.PRESENCE_HIDDEN } });
        return json(200, page());
      }),
    );
    remember("verified=1&active=1&sort=activity");
    renderWithProviders(
      <>
        <SearchPage />
        <Address />
      </>,
      { route: "/search?verified=1&active=1&sort=activity" },
    );
    // The page's text is read with its spaces collapsed, no-break ones included.
    expect(await screen.findByText(SEARCH_MSG.PRESENCE_HIDDEN.replace(/\s/g, " "))).toBeInTheDocument();
    expect(screen.getByText("Votre activité est masquée")).toBeInTheDocument();
    expect(screen.queryByText("La recherche n’a pas abouti")).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Rechercher sans ces options" }));
    expect(await screen.findByRole("heading", { name: "2 profils" })).toBeInTheDocument();
    expect(urls.at(-1)).toBe("/api/search?verified=true");
    expect(screen.getByTestId("address")).toHaveTextContent(/^\/search\?verified=1$/);
    expect(remembered()).toEqual({ v: 1, query: "verified=1" });
  });
});
