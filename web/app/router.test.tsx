// The server answers HTTP 404 for paths that are not pages of the app (domain/routes.ts): that list
// must be exactly the router's.
import { SPA_ROUTES } from "@domain/routes.ts";
import { QueryClient } from "@tanstack/react-query";
import type { RouteObject } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { appRoutes } from "./router.tsx";

/** Every full path the router renders a page for (not its catch-all routes). */
function routePaths(routes: RouteObject[], parent = ""): string[] {
  return routes.flatMap((route) => {
    if (route.path === "*") return [];
    const here = route.path
      ? `${parent.replace(/\/$/, "")}/${route.path}`.replace(/^\/\//, "/")
      : parent || "/";
    const own = route.path || route.index ? [here] : [];
    return [...own, ...routePaths(route.children ?? [], here)];
  });
}

describe("app routes", () => {
  it("are the pages the server answers with HTTP 200", () => {
    const paths = [...new Set(routePaths(appRoutes(new QueryClient())))].sort();
    expect(paths).toEqual([...SPA_ROUTES].sort());
  });
});
