// The tab's title carries the unread count (« (3) Recherche · Passerelle ») whatever page set it.
import { act, render, waitFor } from "@testing-library/react";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { afterEach, describe, expect, it } from "vitest";
import { titleWithUnread, useUnreadTitle } from "./use-unread-title.ts";

/** As in the app: the layout counts, the page inside it names itself. */
function Layout({ unread, page }: { unread: number; page: string | null }) {
  useUnreadTitle(unread);
  return <Page title={page} />;
}
function Page({ title }: { title: string | null }) {
  usePageTitle(title);
  return null;
}

afterEach(() => {
  document.title = "";
});

describe("titleWithUnread", () => {
  it("puts the count in front, replaces one already there, and shows none at 0", () => {
    expect(titleWithUnread("Recherche · Passerelle", 3)).toBe("(3) Recherche · Passerelle");
    expect(titleWithUnread("(3) Recherche · Passerelle", 4)).toBe("(4) Recherche · Passerelle");
    expect(titleWithUnread("(3) Recherche · Passerelle", 0)).toBe("Recherche · Passerelle");
    expect(titleWithUnread("(99+) Passerelle", 120)).toBe("(99+) Passerelle");
    expect(titleWithUnread("(2) Passerelle", 99)).toBe("(99) Passerelle");
  });
});

describe("useUnreadTitle", () => {
  it("prefixes the page’s title, follows the count and every new page", async () => {
    const { rerender, unmount } = render(<Layout unread={3} page="Recherche" />);
    await waitFor(() => expect(document.title).toBe("(3) Recherche · Passerelle"));

    rerender(<Layout unread={3} page="Mes matchs" />);
    await waitFor(() => expect(document.title).toBe("(3) Mes matchs · Passerelle"));

    rerender(<Layout unread={5} page="Mes matchs" />);
    await waitFor(() => expect(document.title).toBe("(5) Mes matchs · Passerelle"));

    rerender(<Layout unread={0} page="Mes matchs" />);
    await waitFor(() => expect(document.title).toBe("Mes matchs · Passerelle"));

    rerender(<Layout unread={2} page={null} />);
    await waitFor(() =>
      expect(document.title).toBe("(2) Passerelle · Rencontres entre l’Afrique francophone et l’Europe"),
    );
    unmount();
    expect(document.title).toBe("Passerelle · Rencontres entre l’Afrique francophone et l’Europe");
  });

  it("also catches a title set outside React", async () => {
    render(<Layout unread={1} page="Profil" />);
    await waitFor(() => expect(document.title).toBe("(1) Profil · Passerelle"));
    act(() => {
      document.title = "Autre chose";
    });
    await waitFor(() => expect(document.title).toBe("(1) Autre chose"));
  });
});
