import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { RequireSubscription } from "./RequireSubscription.tsx";

function Where() {
  const l = useLocation();
  return <p>Page {`${l.pathname}${l.search}`}</p>;
}

function renderAt(path: string, status: string) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ status, endsAt: null, plan: null }), { status: 200 })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<RequireSubscription />}>
            <Route path="/search" element={<p>Recherche ouverte</p>} />
          </Route>
          <Route path="/subscription" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("RequireSubscription", () => {
  it("sends a trial member to /subscription with the page they wanted", async () => {
    renderAt("/search?ageMin=30", "trial");
    expect(await screen.findByText("Page /subscription?from=%2Fsearch%3FageMin%3D30")).toBeInTheDocument();
  });

  it("lets a subscribed member in", async () => {
    renderAt("/search", "subscribed");
    expect(await screen.findByText("Recherche ouverte")).toBeInTheDocument();
  });
});
