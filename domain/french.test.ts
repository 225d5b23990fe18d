import { describe, expect, it } from "vitest";
import { deName, elidesBefore, sentence, zoneTime } from "./french.ts";

describe("French elision", () => {
  it("elides « de » before a vowel, an accented vowel or a mute h", () => {
    expect(deName("Abdoulaye F.")).toBe("d’Abdoulaye F.");
    expect(deName("Awa")).toBe("d’Awa");
    expect(deName("Émilie")).toBe("d’Émilie");
    expect(deName("Ousmane D.")).toBe("d’Ousmane D.");
    expect(deName("Hélène")).toBe("d’Hélène");
    expect(deName("Yves")).toBe("d’Yves");
    expect(deName("Œdipe")).toBe("d’Œdipe");
  });

  it("keeps « de » before a consonant, and before a y sounded as a consonant", () => {
    expect(deName("Julien M.")).toBe("de Julien M.");
    expect(deName("Moussa")).toBe("de Moussa");
    expect(deName("Yao K.")).toBe("de Yao K.");
    expect(deName("Yasmine")).toBe("de Yasmine");
    expect(elidesBefore("Ndèye")).toBe(false);
  });

  it("ends a sentence with a single full stop", () => {
    expect(sentence("Vous avez passé le profil de Moussa C.")).toBe("Vous avez passé le profil de Moussa C.");
    expect(sentence("Vous avez passé le profil de Moussa")).toBe("Vous avez passé le profil de Moussa.");
    expect(sentence("C’est un match !")).toBe("C’est un match !");
  });
});

describe("a time zone’s time", () => {
  it("names the zone’s city, with « de » elided before a vowel", () => {
    expect(zoneTime("Africa/Abidjan")).toBe("heure d’Abidjan");
    expect(zoneTime("Europe/Paris")).toBe("heure de Paris");
    expect(zoneTime("America/Port_of_Spain")).toBe("heure de Port of Spain");
    expect(zoneTime("UTC")).toBe("heure d’UTC");
  });
});
