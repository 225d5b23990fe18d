import { describe, expect, it } from "vitest";
import { APOSTROPHE, frenchTypography, NBSP, NNBSP, typographicApostrophes } from "./typography.ts";

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

  it("makes an apostrophe between two letters typographic, and no other quote (issue 34)", () => {
    expect(typographicApostrophes("J'aime, d'Awa, aujourd'hui, N'Diaye")).toBe(
      `J${APOSTROPHE}aime, d${APOSTROPHE}Awa, aujourd${APOSTROPHE}hui, N${APOSTROPHE}Diaye`,
    );
    // Quotes that delimit something stay as they are: SQL, CSP sources, quoted words, a date format.
    for (const kept of ["status = 'accepted'", "default-src 'self'", "'oui' ou 'non'", "l'' ", "'"])
      expect(typographicApostrophes(kept)).toBe(kept);
    expect(frenchTypography("C'est un match !")).toBe(`C${APOSTROPHE}est un match${NNBSP}!`);
    expect(frenchTypography(frenchTypography("d'accord ?"))).toBe(frenchTypography("d'accord ?"));
  });
});
