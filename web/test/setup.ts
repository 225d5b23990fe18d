import "@testing-library/jest-dom/vitest";
import * as matchers from "@testing-library/jest-dom/matchers";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, expect, vi } from "vitest";

// findBy* and waitFor give up after 1 s by default: too short when two test workers share two
// busy cores (a first render of a lazy admin page then takes longer; issue 33: beside two CPU hogs
// 5 s was not enough either). A ceiling, not a wait: a real failure still fails.
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Test files share their worker's environment and packages (isolate: false in vite.config.ts); our
// own modules start over for each file, so that singletons such as Better Auth's client and its
// session store never carry one file's state into the next.
afterAll(() => {
  vi.resetModules();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom does not implement the modal dialog API yet.
if (typeof HTMLDialogElement !== "undefined" && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
}

// jsdom has no scrollIntoView.
if (typeof Element !== "undefined" && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}

// toHaveTextContent collapses the element's spaces (a no-break space becomes a plain one) but not the
// expected text's: a message typeset with French no-break spaces (domain/typography.ts, e.g. MSG.*)
// would never match. Collapse both sides, as Testing Library's text queries do for the page.
expect.extend({
  toHaveTextContent(
    element: HTMLElement,
    expected: string | RegExp,
    options?: { normalizeWhitespace: boolean },
  ) {
    const text = typeof expected === "string" ? expected.replace(/\s+/g, " ") : expected;
    return matchers.toHaveTextContent.call(this as never, element, text, options);
  },
});
