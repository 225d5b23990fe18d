// What the server put into a member page's document (server/spa-document.ts): the session and
// the subscription status, so that the gates (RequireAuth, RequireSubscription) let the page render
// at once instead of after two round trips. Both are still fetched again in the background by their
// usual queries, which replace these values if they changed.

import type { SubscriptionStatusDto } from "@domain/subscriptions.ts";
import type { QueryClient } from "@tanstack/react-query";
import { subscriptionKeys } from "@web/features/subscription/index.ts";
import { authClient, type Session } from "@web/lib/auth-client.ts";

export const BOOTSTRAP_ELEMENT_ID = "passerelle-bootstrap";

/** Better Auth's client reads ISO dates into Date objects: the same here. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,7})?(Z|[+-]\d{2}:\d{2})$/;
const reviveDates = (_key: string, value: unknown) =>
  typeof value === "string" && ISO_DATE.test(value) ? new Date(value) : value;

interface Bootstrap {
  session: Session;
  subscriptionStatus: SubscriptionStatusDto;
}

/** Seeds the auth client and the query cache from the document, once; returns whether it did. */
export function applyBootstrap(queryClient: QueryClient, doc: Document = document): boolean {
  const element = doc.getElementById(BOOTSTRAP_ELEMENT_ID);
  if (!element?.textContent) return false;
  element.remove();
  let data: Bootstrap;
  try {
    data = JSON.parse(element.textContent, reviveDates) as Bootstrap;
  } catch {
    return false;
  }
  if (!data?.session?.user) return false;
  // Better Auth's own hydration: the session atom holds it, and still checks it once mounted.
  authClient.hydrateSession(data.session);
  queryClient.setQueryData(subscriptionKeys.status, data.subscriptionStatus);
  return true;
}
