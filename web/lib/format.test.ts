import { describe, expect, it } from "vitest";
import {
  formatAgo,
  formatDate,
  formatDay,
  formatPercent,
  formatTime,
  formatWhen,
  frenchList,
  plural,
  quoted,
} from "./format.ts";

describe("French formatting", () => {
  const now = new Date(2026, 10, 22, 15, 30);
  it("writes dates, 24-hour times and day labels the French way", () => {
    expect(formatDate(new Date(2026, 10, 22))).toBe("22 novembre 2026");
    expect(formatTime(new Date(2026, 10, 22, 9, 5))).toBe("09:05");
    expect(formatTime(new Date(2026, 10, 22, 21, 45))).toBe("21:45");
    expect(formatDay(new Date(2026, 10, 22, 1, 0), now)).toBe("Aujourd’hui");
    expect(formatDay(new Date(2026, 10, 21, 23, 59), now)).toBe("Hier");
    expect(formatDay(new Date(2026, 10, 3, 12), now)).toBe("3 novembre 2026");
    expect(formatDay(new Date(2026, 10, 1, 12), now)).toBe("1er novembre 2026");
    expect(formatDate(new Date(2026, 10, 11, 12))).toBe("11 novembre 2026");
    expect(formatWhen(new Date(2026, 10, 22, 8, 0), now)).toBe("08:00");
    expect(formatWhen(new Date(2026, 10, 21, 8, 0), now)).toBe("Hier");
    expect(formatWhen(new Date(2026, 1, 1), now)).toBe("1er février");
    expect(formatWhen(new Date(2025, 1, 1), now)).toBe("1er février 2025");
  });

  it("says how long ago, then the date and time beyond a day", () => {
    const minutes = (n: number) => new Date(now.getTime() - n * 60_000);
    expect(formatAgo(minutes(0), now)).toBe("à l’instant");
    expect(formatAgo(new Date(now.getTime() + 5_000), now)).toBe("à l’instant");
    expect(formatAgo(minutes(1), now)).toBe("il y a 1 minute");
    expect(formatAgo(minutes(59), now)).toBe("il y a 59 minutes");
    expect(formatAgo(minutes(60), now)).toBe("il y a 1 heure");
    expect(formatAgo(minutes(125), now)).toBe("il y a 2 heures");
    expect(formatAgo(minutes(24 * 60 - 1), now)).toBe("il y a 23 heures");
    expect(formatAgo(new Date(2026, 10, 21, 14, 5), now)).toBe("le 21 novembre 2026 à 14:05");
    expect(formatAgo(new Date(2026, 9, 1, 9, 0).toISOString(), now)).toBe("le 1er octobre 2026 à 09:00");
  });

  it("puts the right spaces around percents, guillemets and counts", () => {
    expect(formatPercent(85)).toBe("85\u202f%");
    expect(quoted("J’aime")).toBe("«\u00a0J’aime\u00a0»");
    expect(plural(0, "profil", "profils")).toBe("Aucun profil");
    expect(plural(1, "profil", "profils")).toBe("1 profil");
    expect(plural(1234, "profil", "profils")).toBe("1\u202f234 profils");
  });

  it("enumerates with « et » and no comma before it", () => {
    expect(frenchList(["votre prénom"])).toBe("votre prénom");
    expect(frenchList(["votre pays", "une photo"])).toBe("votre pays et une photo");
    expect(frenchList(["votre prénom", "votre pays", "une photo"])).toBe(
      "votre prénom, votre pays et une photo",
    );
  });
});
