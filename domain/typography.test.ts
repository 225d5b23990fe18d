import { describe, expect, it } from "vitest";
import { frenchTypography, NBSP, NNBSP } from "./typography.ts";

describe("frenchTypography", () => {
  it("puts a narrow no-break space before ; ! ? and a no-break space before :", () => {
    expect(frenchTypography("Retirer ce match ? Oui ! Non ; enfin : peut-être")).toBe(
      `Retirer ce match${NNBSP}? Oui${NNBSP}! Non${NNBSP}; enfin${NBSP}: peut-être`,
    );
  });

  it("puts no-break spaces inside guillemets, adding them where missing", () => {
    expect(frenchTypography("la rubrique « Mon profil » et «Vie privée»")).toBe(
      `la rubrique «${NBSP}Mon profil${NBSP}» et «${NBSP}Vie privée${NBSP}»`,
    );
  });

  it("joins a line break before the punctuation, as JSX text has", () => {
    expect(frenchTypography("votre profil\n          :")).toBe(`votre profil${NBSP}:`);
  });

  it("is idempotent and leaves code-like text alone", () => {
    const once = frenchTypography("Pays : Sénégal ?");
    expect(frenchTypography(once)).toBe(once);
    for (const text of [
      "https://passerelle.fr/?a=1",
      "12:30",
      "sm:grid hover:bg-sand-100",
      "a?b",
      "Passerelle2026!",
    ]) {
      expect(frenchTypography(text)).toBe(text);
    }
  });

  it("keeps a space that starts the string (the punctuation follows an interpolation)", () => {
    expect(frenchTypography(" ?")).toBe(" ?");
    expect(frenchTypography(" : ")).toBe(" : ");
  });
});
