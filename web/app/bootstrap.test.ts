// The member page's document seeds the auth client and the query cache (web/app/bootstrap.ts).
import { QueryClient } from "@tanstack/react-query";
import { subscriptionKeys } from "@web/features/subscription/index.ts";
import { authClient } from "@web/lib/auth-client.ts";
import { afterEach, describe, expect, it } from "vitest";
import { applyBootstrap, BOOTSTRAP_ELEMENT_ID } from "./bootstrap.ts";

const session = {
  session: { id: "s_1", userId: "u_1", expiresAt: "2026-12-24T10:00:00.000Z" },
  user: { id: "u_1", email: "awa@exemple.fr", name: "", createdAt: "2026-11-01T08:30:00.000Z" },
};
const status = { status: "subscribed", endsAt: "2026-12-24T10:00:00.000Z" };

function documentWith(text: string | null): Document {
  const doc = document.implementation.createHTMLDocument("Passerelle");
  if (text !== null) {
    const script = doc.createElement("script");
    script.type = "application/json";
    script.id = BOOTSTRAP_ELEMENT_ID;
    script.textContent = text;
    doc.head.append(script);
  }
  return doc;
}

describe("the document’s bootstrap", () => {
  afterEach(() =>
    authClient.$store.atoms.session?.set({ ...authClient.$store.atoms.session.get(), data: null }),
  );

  it("hands the session to the auth client and the status to the query cache, once", () => {
    const queryClient = new QueryClient();
    const doc = documentWith(JSON.stringify({ session, subscriptionStatus: status }));
    expect(applyBootstrap(queryClient, doc)).toBe(true);
    const held = authClient.$store.atoms.session?.get() as {
      data: typeof session | null;
      isPending: boolean;
    };
    expect(held.isPending).toBe(false);
    expect(held.data?.user.id).toBe("u_1");
    // Dates as the auth client itself reads them.
    expect((held.data?.user as unknown as { createdAt: Date } | undefined)?.createdAt).toEqual(
      new Date("2026-11-01T08:30:00.000Z"),
    );
    expect(queryClient.getQueryData(subscriptionKeys.status)).toMatchObject({ status: "subscribed" });
    expect(doc.getElementById(BOOTSTRAP_ELEMENT_ID)).toBeNull();
    expect(applyBootstrap(queryClient, doc)).toBe(false);
  });

  it("does nothing without a block, or with a broken one", () => {
    const queryClient = new QueryClient();
    expect(applyBootstrap(queryClient, documentWith(null))).toBe(false);
    expect(applyBootstrap(queryClient, documentWith("{pas du JSON"))).toBe(false);
    expect(applyBootstrap(queryClient, documentWith(JSON.stringify({ session: null })))).toBe(false);
    expect(queryClient.getQueryData(subscriptionKeys.status)).toBeUndefined();
  });
});
