import { describe, expect, it } from "vitest";
import { hammingDistance, SIMHASH_NEAR_BITS, simhash } from "./simhash.ts";

const opener =
  "Bonjour ma belle, ton sourire m’a touché au plus profond de mon cœur, je suis ingénieur sur une plateforme pétrolière et je cherche une femme sincère";

describe("simhash: the same text sent to many", () => {
  it("finds the text again with a name, a letter or an emoji changed", () => {
    const a = simhash(`${opener}, Awa`)!;
    for (const variant of [
      `${opener}, Marie`,
      `${opener.replace("belle", "bellle")} 😍, Awa`,
      opener.toUpperCase(),
    ])
      expect(hammingDistance(a, simhash(variant)!)).toBeLessThanOrEqual(SIMHASH_NEAR_BITS);
  });

  it("keeps different texts apart", () => {
    const other =
      "Salut, j’ai vu que tu aimes la randonnée, moi aussi : je marche souvent dans les Vosges le week-end avec des amis";
    expect(hammingDistance(simhash(opener)!, simhash(other)!)).toBeGreaterThan(SIMHASH_NEAR_BITS);
  });

  it("leaves short greetings alone: everybody writes them", () => {
    expect(simhash("Bonjour, comment vas-tu ?")).toBeNull();
  });
});
