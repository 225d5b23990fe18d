import { describe, expect, it } from "vitest";
import { contactFinding, maskSpans } from "./contact.ts";

const masked = (text: string) => maskSpans(text, contactFinding(text).spans);

describe("contactFinding: leaving the platform", () => {
  it.each([
    ["mon num +225 07 58 12 34 56", "mon num [masqué]"],
    ["appelle moi au 06.12.34.56.78 ce soir", "appelle moi au [masqué] ce soir"],
    ["whatsapp 0022507581234 56", "whatsapp [masqué]"],
    ["+237 6 99 88 77 66 c’est mon WhatsApp", "[masqué] c’est mon WhatsApp"],
    ["écris-moi : awa.diop@exemple.fr", "écris-moi : [masqué]"],
    ["snap : awa_225 bisous", "[masqué] bisous"],
    ["mon insta c’est @awa.dk", "mon [masqué]"],
    ["viens sur t.me/jean12 mon coeur", "viens sur [masqué] mon coeur"],
  ])("masks « %s »", (text, expected) => {
    expect(contactFinding(text).offPlatform).toBe(true);
    expect(masked(text)).toBe(expected);
  });

  it("sees an invitation to another app even without a number", () => {
    expect(contactFinding("écris-moi sur WhatsApp, c’est mieux")).toMatchObject({
      offPlatform: true,
      spans: [],
    });
  });

  it.each([
    "J’ai 34 ans et je vis à Lyon depuis 2015",
    "mon téléphone est tombé en panne hier",
    "mon numéro a changé, c’est pour ça que j’étais absente",
    "on s’appelle par l’appel vidéo de Passerelle ?",
    "50 000 fcfa pour le loyer, c’est dur",
    "achète des coupons tr@nscash", // an @ inside a word is no handle
  ])("lets « %s » through", (text) => {
    expect(contactFinding(text)).toMatchObject({ offPlatform: false, spans: [] });
  });

  it("warns about other links without masking them", () => {
    expect(contactFinding("regarde https://www.rfi.fr/fr/afrique/")).toMatchObject({
      links: true,
      spans: [],
    });
  });
});
