// Type-level checks of the contract between the web app and the API, run by `npm run typecheck` and
// never executed nor imported. Each `@ts-expect-error` must meet a type error: were the typed client
// to lose a route's input or output (to `any`, or to a hand-written cast), the directive would be
// unused and the type-check would fail. What a route sends is checked at run time by the server's
// tests; that the web side reads it as the route declares it is checked here and at every call.
import type { ApiErrorCode } from "@domain/messages.ts";
import { api, call, type SuccessBody } from "./api.ts";

export async function contract(): Promise<void> {
  // Outputs: a route's response type is the one its handler returns.
  const profile = await call(api.profile.$get());
  const firstName: string = profile.firstName;
  // @ts-expect-error — the profile carries no such field
  void profile.passwordHash;
  const page = await call(api.search.$get({ query: {} }));
  const count: number = page.count;
  // @ts-expect-error — a result's count is a number, not text
  const wrong: string = page.count;

  // Inputs: a route's body and query are its validators' (server/platform/http/validate.ts).
  // @ts-expect-error — a like is « like » or « reject »
  void api.likes.$post({ json: { likedId: "x", type: "love" } });
  // @ts-expect-error — PUT /api/profile takes JSON, not a form
  void api.profile.$put({ form: {} });
  // @ts-expect-error — the search takes its own parameters only
  void api.search.$get({ query: { agemin: "20" } });
  // @ts-expect-error — the list filters are texts or lists of texts, as in a query string
  void api.search.$get({ query: { ageMin: 20 } });
  // @ts-expect-error — a message needs its match
  void api.matches[":id"].messages.$post({ json: { content: "Bonjour" } });

  // Paths: only the routes server/api.ts mounts.
  // @ts-expect-error — no such route
  void api.profile.nowhere;

  // A 204 has no body to read.
  const none: null = await call(api.blocks[":userId"].$delete({ param: { userId: "x" } }));

  // Error codes: a closed list on both sides.
  const code: ApiErrorCode = "SUBSCRIPTION_REQUIRED";
  // @ts-expect-error — not one of the API's codes
  const unknown: ApiErrorCode = "SOMETHING_ELSE";

  type Visits = SuccessBody<Awaited<ReturnType<typeof api.profile.visits.$get>>>;
  const visits: Visits = { data: [] };
  void [firstName, count, wrong, none, code, unknown, visits];
}
