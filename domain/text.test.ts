import { describe, expect, it } from "vitest";
import { signUpSchema } from "./auth.ts";
import { messageInputSchema } from "./message-input.ts";
import { profileUpdateSchema } from "./profile.ts";
import { cleanLine, cleanParagraphs } from "./text.ts";

// « Trojan Source »: a right-to-left override makes « gnp.exe » display as « exe.png ».
const RLO = "\u202E";
const ALL_BIDI = "\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069";

describe("typed text", () => {
  it("loses every bidirectional control, keeping the words and line breaks", () => {
    expect(cleanParagraphs(`photo${RLO}gnp.exe`)).toBe("photognp.exe");
    expect(cleanParagraphs(`a${ALL_BIDI}b\n\nc`)).toBe("ab\n\nc");
  });

  it("keeps what people type: accents, emoji, Arabic and Wolof letters, the narrow no-break space", () => {
    const typed = "Aïssatou 😊 مرحبا Ñdey\u202F!";
    expect(cleanParagraphs(typed)).toBe(typed);
  });

  it("is what messages, profile texts and reports are cleaned with", () => {
    const parsed = messageInputSchema.parse({ content: `Bonjour ${RLO}nohtyp` });
    expect(parsed.content).toBe("Bonjour nohtyp");
    const texts = profileUpdateSchema.pick({ firstName: true, bio: true, city: true });
    const profile = texts.parse({ firstName: `Awa${RLO}`, bio: "\u2066Salut\u2069", city: `${RLO}Dakar` });
    expect(profile).toEqual({ firstName: "Awa", bio: "Salut", city: "Dakar" });
  });

  it("refuses an account name that is too long or carries hidden characters", () => {
    const base = {
      email: "a@exemple.fr",
      password: "un mot de passe",
      ageConfirmed: true,
      termsAccepted: true,
    };
    expect(signUpSchema.safeParse({ ...base, name: "" }).success).toBe(true);
    expect(signUpSchema.safeParse({ ...base, name: "x".repeat(90_000) }).success).toBe(false);
    expect(signUpSchema.safeParse({ ...base, name: `Awa${RLO}` }).success).toBe(false);
  });
});

describe("a typed line", () => {
  it("is cleaned as any text, its line breaks and runs of spaces made one space", () => {
    expect(cleanLine(`  Café\u200B des\n\n Arts\t ${RLO}à Cocody  `)).toBe("Café des Arts à Cocody");
  });
});
