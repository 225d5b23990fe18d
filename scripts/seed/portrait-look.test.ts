import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_MEMBER_COUNT, DEMO_SEED } from "./accounts.ts";
import { ownPhotos } from "./bulk.ts";
import { accountMember } from "./demo.ts";
import { generateMember } from "./members.ts";
import { originOf, REGIONS } from "./names.ts";
import { type PortraitLook, photoPose, portraitLook, SKIN_TONES, toneGroupOf } from "./portrait-look.ts";
import { Random } from "./random.ts";

const NOW = 1_800_000_000_000;

/** The looks of the demo members who have photos, as the first start draws them. */
function demoLooks(): { looks: PortraitLook[]; countries: string[] } {
  const rng = new Random(DEMO_SEED);
  const looks: PortraitLook[] = [];
  const countries: string[] = [];
  for (let n = 1; n <= DEMO_MEMBER_COUNT; n++) {
    const m = generateMember(rng, n, NOW);
    const [first] = ownPhotos(m);
    if (!first) continue;
    looks.push(first.look);
    countries.push(m.profile!.originCountry || m.profile!.country);
  }
  return { looks, countries };
}

describe("portrait looks of the demo members", () => {
  const { looks, countries } = demoLooks();

  it("fit each member’s origin: a skin tone of their region’s group", () => {
    expect(looks.length).toBeGreaterThan(150);
    looks.forEach((look, i) => {
      expect(look.region).toBe(originOf(countries[i]!)!.region);
      expect(SKIN_TONES[look.skin].group).toBe(toneGroupOf(look.region));
    });
  });

  it("range from dark to light in proportions that follow the origins", () => {
    const share = (pred: (l: PortraitLook) => boolean) => looks.filter(pred).length / looks.length;
    const dark = share((l) => SKIN_TONES[l.skin].group === "dark");
    const light = share((l) => SKIN_TONES[l.skin].group === "light");
    // Sub-Saharan origins weigh 62 of 104 in ORIGINS, European ones 32.
    expect(dark).toBe(share((l) => l.region === "subsaharan"));
    expect(dark).toBeGreaterThan(0.45);
    expect(dark).toBeLessThan(0.75);
    expect(light).toBe(share((l) => l.region === "europe"));
    expect(light).toBeGreaterThan(0.15);
    expect(light).toBeLessThan(0.45);
    // Several tones within the groups, not one colour per continent.
    expect(new Set(looks.map((l) => l.skin)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(looks.map((l) => l.hair)).size).toBeGreaterThanOrEqual(15);
  });

  it("give women and men different hairstyles, and beards to men only", () => {
    const women = looks.filter((l) => l.gender === "female");
    const men = looks.filter((l) => l.gender === "male");
    expect(women.length).toBeGreaterThan(40);
    expect(men.length).toBeGreaterThan(40);
    const womenHair = new Set(women.map((l) => l.hair));
    const menHair = new Set(men.map((l) => l.hair));
    expect([...womenHair].filter((h) => menHair.has(h))).toEqual([]);
    expect(women.every((l) => l.beard === null)).toBe(true);
    expect(men.filter((l) => l.beard !== null).length).toBeGreaterThan(men.length / 4);
    // Afro, locs and head wraps among African women; straight and wavy hair among European women.
    const african = new Set(women.filter((l) => l.region === "subsaharan").map((l) => l.hair));
    expect(
      ["fro", "froBand", "curly", "dreads", "turban"].filter((h) => african.has(h as never)).length,
    ).toBe(5);
    const european = new Set(women.filter((l) => l.region === "europe").map((l) => l.hair));
    expect(european.has("fro")).toBe(false);
    expect(["straight01", "straight02", "curvy", "bob"].some((h) => european.has(h as never))).toBe(true);
  });

  it("are the same for the same seed and differ between seeds", () => {
    expect(demoLooks()).toEqual({ looks, countries });
    const person = { region: REGIONS[0], gender: "female", age: 30 } as const;
    const a = portraitLook(person, new Random(1));
    expect(portraitLook(person, new Random(1))).toEqual(a);
    const others = Array.from({ length: 10 }, (_, i) => portraitLook(person, new Random(2 + i)));
    expect(others.some((o) => JSON.stringify(o) !== JSON.stringify(a))).toBe(true);
  });
});

describe("photo poses", () => {
  it("change expression, backdrop or framing from one photo to the next", () => {
    const rng = new Random(5);
    const look = portraitLook({ region: "maghreb", gender: "male", age: 40 }, rng);
    const poses = Array.from({ length: 3 }, (_, i) => photoPose(look, 120, i, rng));
    expect(poses[0]!.flip).not.toBe(poses[1]!.flip);
    expect(poses[0]!.hue).not.toBe(poses[1]!.hue);
    expect(new Set(poses.map((p) => JSON.stringify(p))).size).toBe(3);
  });
});

describe("demo accounts' portraits", () => {
  it("show Awa as a Senegalese woman and Julien as a French man", () => {
    // One source for the three accounts, in order, as on a first start.
    const rng = new Random(DEMO_SEED + 1);
    for (const account of DEMO_ACCOUNTS) {
      const m = accountMember(account, rng, NOW);
      const tasks = ownPhotos(m);
      if (!account.profile) {
        expect(tasks).toEqual([]);
        continue;
      }
      expect(tasks).toHaveLength(2);
      const look = tasks[0]!.look;
      expect(tasks[1]!.look).toEqual(look);
      expect(look.gender).toBe(account.profile.gender);
      expect(SKIN_TONES[look.skin].group).toBe(account.profile.country === "Sénégal" ? "dark" : "light");
      if (look.gender === "female") expect(look.beard).toBeNull();
    }
  });
});
