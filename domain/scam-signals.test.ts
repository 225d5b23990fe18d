import { describe, expect, it } from "vitest";
import { scamSignals } from "./scam-signals.ts";

describe("scamSignals", () => {
  it.each([
    ["Peux-tu m’envoyer 200 euros pour mon billet ?", ["money"]],
    ["J’ai besoin d’argent pour l’hôpital de ma mère", ["money"]],
    ["Il faut payer les frais de douane pour le colis", ["money"]],
    ["Achète-moi une carte Google Play s’il te plaît", ["money"]],
    ["Envoie par Western Union, c’est plus simple", ["payment"]],
    ["Mon IBAN : FR76 3000 6000 0112 3456 7890 189", ["payment"]],
    ["Tu peux faire un Orange Money ?", ["payment"]],
    ["Écris-moi sur WhatsApp, c’est mieux", ["contact"]],
    ["Mon numéro : +221 77 123 45 67", ["contact"]],
    ["appelle moi au 06.12.34.56.78", ["contact"]],
    ["mon mail c’est awa.diop@exemple.fr", ["contact"]],
    ["Regarde ça https://exemple.com/photo", ["link"]],
    ["Va sur www.exemple.fr", ["link"]],
  ])("flags « %s »", (text, expected) => {
    expect(scamSignals(text)).toEqual(expect.arrayContaining(expected));
  });

  it.each([
    "Bonjour, comment s’est passée ta journée ?",
    "J’adore la cuisine sénégalaise, surtout le thiéboudiène",
    "J’ai 34 ans et je vis à Lyon depuis 2015",
    "On pourrait se voir à Paris le 12 décembre ?",
    "Ma sœur travaille à l’hôpital, elle est infirmière",
    "Le billet d’avion pour Dakar coûte cher en été !",
  ])("stays quiet on « %s »", (text) => {
    expect(scamSignals(text)).toEqual([]);
  });

  it("reads a phone’s apostrophe (’) like a keyboard’s (')", () => {
    // Escaped, so that npm run typography leaves the typewriter one as a member types it.
    for (const apostrophe of ["\u0027", "\u2019"])
      expect(
        scamSignals(`J${apostrophe}ai besoin d${apostrophe}argent pour le billet d${apostrophe}avion`),
      ).toEqual(expect.arrayContaining(["money"]));
  });

  it("reads accents and capitals alike", () => {
    expect(scamSignals("ENVOYÉ-MOI 100 € PAR WESTERN UNION")).toEqual(
      expect.arrayContaining(["money", "payment"]),
    );
  });
});
