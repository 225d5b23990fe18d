import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { RequireAuth } from "./RequireAuth.tsx";

function LoginProbe() {
  const location = useLocation();
  return <p>Page de connexion {location.search}</p>;
}

describe("RequireAuth", () => {
  it("shows a spinner while the session loads, then sends a signed-out visitor to /login?redirect=…", async () => {
    stubFetch((call) => (call.url.includes("/get-session") ? { body: null } : undefined));
    const router = createMemoryRouter(
      [
        { path: "/login", element: <LoginProbe /> },
        { element: <RequireAuth />, children: [{ path: "/matches", element: <p>Mes matchs</p> }] },
      ],
      { initialEntries: ["/matches?tri=recent"] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(screen.getByText("Vérification de votre session…")).toBeInTheDocument();
    expect(await screen.findByText(/Page de connexion/)).toHaveTextContent(
      "Page de connexion ?redirect=%2Fmatches%3Ftri%3Drecent",
    );
    expect(screen.queryByText("Mes matchs")).not.toBeInTheDocument();
  });
});
