// The paths taken from input and later used in a redirect (returnTo, ?from=, ?redirect=): whatever
// comes in, what comes out stays on the site for every reader that may see it again — the URL
// parser, a router taking « //host » for another site, a server decoding %2F — and comes out the
// same when checked again.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safePath } from "./safe-path.ts";

const SITE = "https://passerelle.example";
/** React Router's test for « another site » (a scheme, or a protocol-relative « //host »). */
const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** Why `path` is not a same-site path for one of its readers, or null when it is. */
function leak(path: string): string | null {
  if (!path.startsWith("/")) return "not a path";
  if (ABSOLUTE.test(path)) return "absolute for the router";
  if (path.startsWith("/\\")) return "host for some browsers";
  if (new URL(path, SITE).origin !== SITE) return "leaves the site";
  const pathname = path.split(/[?#]/)[0] ?? "";
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return "undecodable";
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  if (decoded.startsWith("//") || /[\\\u0000-\u001F\u007F]/.test(decoded)) return "leaves once decoded";
  if (safePath(path) !== path) return "changes when checked again";
  return null;
}

/** Pieces of the known tricks, shuffled by fast-check into paths. */
const piece = fc.constantFrom(
  "/",
  "//",
  "\\",
  ".",
  "..",
  "./",
  "../",
  "%2F",
  "%2f",
  "%5C",
  "%2e",
  "%2E%2E",
  "%09",
  "%0A",
  "%00",
  "\t",
  "\n",
  "\r",
  " ",
  "evil.example",
  "x",
  "@",
  ":",
  "https:",
  "javascript:",
  "?",
  "#",
  "%",
  "search",
);
const hostilePath = fc.array(piece, { minLength: 1, maxLength: 10 }).map((parts) => `/${parts.join("")}`);

describe("safePath", () => {
  it("keeps the site’s own paths as they are", () => {
    for (const path of [
      "/search",
      "/search?ageMin=30&pays=S%C3%A9n%C3%A9gal",
      "/messages?match=4#bas",
      "/profile/0b7c9c3e-2f7a-4f7e-9a51-7d2f1c7b9e10",
      "/subscription?from=%2Fsearch",
    ])
      expect(safePath(path)).toBe(path);
  });

  it("refuses the security test’s case: « /.//evil.example/x » normalised to « //evil.example/x »", () => {
    expect(safePath("/.//evil.example/x")).toBeNull();
  });

  it("refuses what a browser, a router or a server would take to another site", () => {
    for (const bad of [
      null,
      "",
      "search",
      "//evil.example",
      "/\\evil.example",
      "/.//evil.example/x",
      "/..//evil.example",
      "/./..//evil.example",
      "/.%2e//evil.example",
      "/%2e//evil.example",
      "/%2F%2Fevil.example",
      "/%2f/evil.example",
      "/%5Cevil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/%09/evil.example",
      "https://evil.example",
      "/\u0000//x",
      `/${"a".repeat(500)}`,
    ])
      expect(safePath(bad), JSON.stringify(bad)).toBeNull();
  });

  it("never lets out a path that leaves the site, whatever it is made of (property)", () => {
    fc.assert(
      fc.property(fc.oneof(hostilePath, fc.string({ maxLength: 60, unit: "binary" })), (input) => {
        const out = safePath(input);
        if (out !== null) expect(leak(out), `${JSON.stringify(input)} → ${JSON.stringify(out)}`).toBeNull();
      }),
      { numRuns: 3000 },
    );
  });
});
