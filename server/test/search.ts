// Test helpers for GET /api/search: a search as a signed-in member, and the ids it found.
import { randomBytes } from "node:crypto";
import type { SearchResultDto } from "@domain/discovery.ts";
import type { TestApp } from "./harness.ts";

export type SearchResponse = {
  status: number;
  body: SearchResultDto & { error?: { code: string; message: string; fields?: Record<string, string> } };
};

/** GET /api/search with repeated parameters for lists, as the page sends them. */
export async function searchAs(
  t: TestApp,
  cookie: string,
  params: Record<string, string | string[]> = {},
): Promise<SearchResponse> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const x of [v].flat()) qs.append(k, x);
  const res = await t.request(`/api/search?${qs}`, { cookie });
  return { status: res.status, body: (await res.json()) as SearchResponse["body"] };
}

/** The user ids of a search's page, in order. */
export const foundIds = (r: { body: SearchResultDto }) => r.body.data.map((p) => p.userId);

/** A tag only one test's profiles carry, so tests sharing the database do not see each other. */
export const searchTag = () => `T${randomBytes(4).toString("hex")}`;

/** The three, bound to a test app made later (in beforeAll): `search(cookie, params)`, `ids`, `tag`. */
export function searchClient(app: () => TestApp) {
  return {
    search: (cookie: string, params: Record<string, string | string[]> = {}) =>
      searchAs(app(), cookie, params),
    ids: foundIds,
    tag: searchTag,
  };
}
