import { describe, expect, it } from "vitest";
import { moneyFinding } from "./money.ts";

describe("moneyFinding: requests and payment instructions", () => {
  it.each([
    "Envoie-moi 300 € par Western Union pour mon billet d’avion",
    "w e s t e r n stp, 200 euros",
    "tu peux passer par W.U ?",
    "western-union au nom de Koffi Adjé",
    "mony gram c’est plus rapide, 150 €",
    "М0neyGram 3OO €", // Cyrillic М, zero for o
    "mo💰ney gram au nom de ma tante",
    "𝗪𝗲𝘀𝘁𝗲𝗿𝗻 Union, envoie vite",
    "envoi moi les codes du coupon tr@nscash",
    "Tu peux faire dépôt sur mon moov ? 0544218763",
    "Mon IBAN : FR76 3000 6000 0112 3456 7890 189",
    "la douane réclame 250 € pour le colis",
    "si tu m’aimes vraiment tu m’aiderais pour les frais",
    "il me faut 90 000 avant vendredi",
    "Envoie en USDT sur mon wallet, c’est le seul moyen ici",
  ])("holds « %s »", (text) => {
    const f = moneyFinding(text);
    expect(f.request).toBe(true);
    expect(f.reasons.length).toBeGreaterThan(0);
  });

  it.each([
    "j’ai payé mon abonnement",
    "on partage l’addition ?",
    "le billet d’avion Paris-Abidjan coûte 700 € en ce moment, c’est cher",
    "j’ai envoyé de l’argent à ma mère par Wave ce matin",
    "je paie mon loyer avec Orange Money",
    "Western Union a fermé l’agence près de chez moi",
    "méfie-toi des arnaqueurs qui demandent des sous sur ces sites",
    "je t’invite au resto, c’est moi qui paie",
    "Écris-moi sur ce numéro : +234 803 555 7712",
    "je travaille à la banque, au service des virements",
  ])("lets « %s » through", (text) => {
    expect(moneyFinding(text)).toMatchObject({ request: false, reasons: [] });
  });

  it("names what it saw, in French", () => {
    expect(moneyFinding("Envoie 200 € par Western Union pour la douane").reasons).toEqual([
      // French spacing: a no-break space before « : ».
      "moyen de paiement\u00a0: Western Union",
      "demande d’argent",
      "prétexte\u00a0: la douane ou un colis",
    ]);
  });

  it("tells a card number (Luhn) from any long number", () => {
    expect(moneyFinding("la carte 4970 1012 3456 7893 et le code derrière").request).toBe(true);
    expect(moneyFinding("la carte 4970 1012 3456 7894").request).toBe(false);
  });

  it("marks money talked about without a request (the first-time reminder)", () => {
    expect(moneyFinding("le billet coûte 700 €")).toMatchObject({ request: false, mentioned: true });
    expect(moneyFinding("on se voit samedi ?")).toMatchObject({ mentioned: false });
  });
});
