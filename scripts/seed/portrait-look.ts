// Who a demo member's portraits show, and how each of their photos differs. The "look" (skin tone,
// hair, beard, glasses) fits the member's origin, gender and age and stays the same in all their
// photos; the "pose" (expression, clothes, backdrop, framing) changes from one photo to the next.
// Values are part names and colours of the Avataaars style of DiceBear (Pablo Stanley, "free for
// personal and commercial use"; credits in portrait-svg.ts and the README).
import type { Options as Avataaars } from "@dicebear/avataaars";
import type { Gender } from "@domain/constants.ts";
import type { Region } from "./names.ts";
import type { Random } from "./random.ts";

type Weighted<T> = readonly (readonly [T, number])[];
/** The names Avataaars accepts for one of its parts ("top", "eyes"…). */
type Part<K extends keyof Avataaars> = NonNullable<Avataaars[K]> extends readonly (infer T)[] ? T : never;
type Hair = Part<"top">;

function pick<T>(rng: Random, items: Weighted<T>): T {
  return rng.weighted(items.map(([value, weight]) => ({ value, weight }))).value;
}

/** How dark a skin tone is: the shared pictures of large data sets are grouped by it. */
export const TONE_GROUPS = ["dark", "medium", "light"] as const;
export type ToneGroup = (typeof TONE_GROUPS)[number];

/** Skin tones from darkest to lightest (hex without "#", as DiceBear takes them). */
export const SKIN_TONES = {
  deep: { color: "4f3022", group: "dark" },
  dark: { color: "6b4129", group: "dark" },
  brown: { color: "8a5636", group: "dark" },
  medium: { color: "a8704a", group: "medium" },
  tan: { color: "c48b5e", group: "medium" },
  olive: { color: "d6a77a", group: "medium" },
  light: { color: "edc29b", group: "light" },
  fair: { color: "f7dbc4", group: "light" },
} as const satisfies Record<string, { color: string; group: ToneGroup }>;
export type SkinTone = keyof typeof SKIN_TONES;

/** Each region draws from tones of a single group, so a region's pictures share one group. */
const SKIN_BY_REGION: Record<Region, Weighted<SkinTone>> = {
  subsaharan: [
    ["deep", 3],
    ["dark", 4],
    ["brown", 2],
  ],
  madagascar: [
    ["medium", 3],
    ["tan", 2],
  ],
  maghreb: [
    ["tan", 2],
    ["olive", 3],
  ],
  europe: [
    ["light", 4],
    ["fair", 4],
  ],
};

export function toneGroupOf(region: Region): ToneGroup {
  const [first] = SKIN_BY_REGION[region];
  return SKIN_TONES[first![0]].group;
}

/**
 * Hairstyles ("top" in Avataaars; null is a shaved head). Women's and men's lists share no value,
 * so a portrait's gender shows in its hair: afro, locs, head wrap (the style's "turban"), hijab and
 * long hair for women; fades, short curls, twists (the style's "dreads01/02") and short cuts for men.
 * Left out: "bigHair" and "shavedSides", whose half-transparent strands look grey on dark hair.
 */
const FEMALE_HAIR: Record<Region, Weighted<Hair>> = {
  subsaharan: [
    ["fro", 3],
    ["froBand", 2],
    ["curly", 3],
    ["dreads", 2],
    ["bun", 2],
    ["turban", 2],
    ["hijab", 1],
    ["longButNotTooLong", 2],
    ["straight01", 1],
    ["curvy", 1],
  ],
  maghreb: [
    ["curvy", 3],
    ["curly", 2],
    ["longButNotTooLong", 2],
    ["straight01", 2],
    ["straight02", 1],
    ["bun", 2],
    ["hijab", 2],
  ],
  madagascar: [
    ["straight01", 3],
    ["straight02", 2],
    ["curvy", 2],
    ["bun", 2],
    ["longButNotTooLong", 2],
    ["curly", 1],
  ],
  europe: [
    ["straight01", 3],
    ["straight02", 3],
    ["straightAndStrand", 2],
    ["bob", 2],
    ["miaWallace", 2],
    ["longButNotTooLong", 3],
    ["bun", 2],
    ["curvy", 3],
    ["curly", 1],
  ],
};

const MALE_HAIR: Record<Region, Weighted<Hair | null>> = {
  subsaharan: [
    ["theCaesar", 4],
    ["shortCurly", 2],
    ["shortRound", 1],
    ["dreads01", 2],
    ["dreads02", 1],
    ["shortFlat", 1],
    [null, 2],
  ],
  maghreb: [
    ["shortCurly", 3],
    ["shortWaved", 3],
    ["theCaesar", 2],
    ["theCaesarAndSidePart", 2],
    ["shortFlat", 2],
    ["frizzle", 1],
  ],
  madagascar: [
    ["shortFlat", 3],
    ["shortRound", 3],
    ["theCaesar", 2],
    ["shortWaved", 2],
    ["shortCurly", 1],
  ],
  europe: [
    ["shortFlat", 3],
    ["shortWaved", 3],
    ["shortRound", 2],
    ["theCaesarAndSidePart", 3],
    ["theCaesar", 2],
    ["shaggy", 1],
    ["frizzle", 1],
  ],
};

/** From 45, men are more often balding ("sides") or shaved. */
const OLDER_MALE_HAIR: Weighted<Hair | null> = [
  ["sides", 3],
  [null, 2],
];

/** Scarves whose colour changes from photo to photo rather than hair. */
const HEADWEAR: ReadonlySet<Hair | null> = new Set<Hair>(["turban", "hijab"]);

const HAIR_COLOURS: Record<Region, Weighted<string>> = {
  subsaharan: [
    ["2c1b18", 8],
    ["4a312c", 2],
  ],
  maghreb: [
    ["2c1b18", 6],
    ["4a312c", 4],
  ],
  madagascar: [
    ["2c1b18", 7],
    ["4a312c", 3],
  ],
  europe: [
    ["2c1b18", 1],
    ["4a312c", 2],
    ["724133", 3],
    ["a55728", 2],
    ["b58143", 2],
    ["d6b370", 2],
    ["c93305", 1],
  ],
};
const GREY_HAIR: Weighted<string> = [
  ["a6a6a6", 1],
  ["cfcfcf", 1],
];

const BEARD_CHANCE: Record<Region, number> = {
  subsaharan: 0.45,
  maghreb: 0.6,
  madagascar: 0.25,
  europe: 0.45,
};
const BEARDS: Weighted<Part<"facialHair">> = [
  ["beardLight", 4],
  ["beardMedium", 3],
  ["beardMajestic", 1],
];
const GLASSES: Weighted<Part<"accessories">> = [
  ["prescription01", 2],
  ["prescription02", 2],
  ["round", 1],
];
const FRAME_COLOURS: Weighted<string> = [
  ["262e33", 3],
  ["3c4f5c", 2],
  ["5c4033", 1],
];

/** What stays the same in all of a member's photos. */
export interface PortraitLook {
  region: Region;
  gender: Gender;
  skin: SkinTone;
  /** Avataaars "top": a hairstyle or headwear; null for a shaved head. */
  hair: Hair | null;
  hairColor: string;
  beard: Part<"facialHair"> | null;
  glasses: Part<"accessories"> | null;
  glassesColor: string;
  /** Natural (thicker) or drawn eyebrows. */
  naturalBrows: boolean;
  /** The person faces this way in the main photo. */
  facesLeft: boolean;
}

export interface Person {
  region: Region;
  gender: Gender;
  age: number;
}

/** The look of one person, drawn from `rng` (the same draws give the same person). */
export function portraitLook(person: Person, rng: Random): PortraitLook {
  const { region, gender, age } = person;
  const skin = pick(rng, SKIN_BY_REGION[region]);
  const older = gender === "male" && age >= 45 && rng.chance(0.4);
  const hair =
    gender === "female"
      ? pick(rng, FEMALE_HAIR[region])
      : pick(rng, older ? OLDER_MALE_HAIR : MALE_HAIR[region]);
  const greyChance = age >= 58 ? 0.7 : age >= 48 ? 0.3 : 0;
  const hairColor = rng.chance(greyChance) ? pick(rng, GREY_HAIR) : pick(rng, HAIR_COLOURS[region]);
  const beard = gender === "male" && rng.chance(BEARD_CHANCE[region]) ? pick(rng, BEARDS) : null;
  const glasses = rng.chance(age >= 45 ? 0.25 : 0.1) ? pick(rng, GLASSES) : null;
  return {
    region,
    gender,
    skin,
    hair,
    hairColor,
    beard,
    glasses,
    glassesColor: pick(rng, FRAME_COLOURS),
    naturalBrows: rng.chance(0.6),
    facesLeft: rng.chance(0.5),
  };
}

/** True when the look's "hair" is a scarf (head wrap, hijab). */
export function wearsHeadwear(look: PortraitLook): boolean {
  return HEADWEAR.has(look.hair);
}

const EYES: Weighted<Part<"eyes">> = [
  ["default", 5],
  ["happy", 3],
  ["wink", 1],
];
const MOUTHS: Weighted<Part<"mouth">> = [
  ["smile", 5],
  ["twinkle", 3],
  ["default", 2],
];
const NATURAL_BROWS: Weighted<Part<"eyebrows">> = [
  ["defaultNatural", 4],
  ["raisedExcitedNatural", 3],
  ["flatNatural", 1],
];
const DRAWN_BROWS: Weighted<Part<"eyebrows">> = [
  ["default", 4],
  ["raisedExcited", 3],
];
const CLOTHING: Record<Gender, Weighted<Part<"clothing">>> = {
  female: [
    ["shirtScoopNeck", 3],
    ["shirtVNeck", 2],
    ["shirtCrewNeck", 2],
    ["collarAndSweater", 2],
    ["blazerAndShirt", 1],
    ["hoodie", 1],
    ["overall", 1],
  ],
  male: [
    ["shirtCrewNeck", 3],
    ["shirtVNeck", 2],
    ["collarAndSweater", 2],
    ["blazerAndShirt", 2],
    ["blazerAndSweater", 2],
    ["hoodie", 2],
  ],
};
const CLOTHES_COLOURS = [
  "262e33",
  "25557c",
  "5199e4",
  "3c4f5c",
  "929598",
  "e6e6e6",
  "ff5c5c",
  "a7ffc4",
  "ffafb9",
  "ffffb1",
  "65c9ff",
  "ff488e",
];
/** Scarves: wax-print oranges and greens for head wraps, calmer tones for the hijab. */
const SCARF_COLOURS: Partial<Record<Hair, readonly string[]>> = {
  turban: ["d1495b", "edae49", "00798c", "30638e", "e07a5f", "6a994e"],
  hijab: ["8e6c88", "3c4f5c", "b56576", "5d737e", "a98467", "264653"],
};

/** What changes from one photo to the next. */
export interface PhotoPose {
  eyes: Part<"eyes">;
  eyebrows: Part<"eyebrows">;
  mouth: Part<"mouth">;
  clothing: Part<"clothing">;
  clothesColor: string;
  /** Colour of a head wrap or hijab (unused otherwise). */
  scarfColor: string;
  /** Backdrop hue in degrees. */
  hue: number;
  flip: boolean;
  /** Framing: how large the bust is drawn and how far it is moved sideways. */
  zoom: number;
  shift: number;
  /** Seed of the backdrop's soft circles. */
  backdrop: number;
}

/**
 * The pose of photo number `index` (0 = main photo). The member's `hue` sets the colour of their
 * first backdrop; each further photo turns it, and faces the other way.
 */
export function photoPose(look: PortraitLook, hue: number, index: number, rng: Random): PhotoPose {
  const scarves = (look.hair && SCARF_COLOURS[look.hair]) || SCARF_COLOURS.turban!;
  return {
    eyes: pick(rng, EYES),
    eyebrows: pick(rng, look.naturalBrows ? NATURAL_BROWS : DRAWN_BROWS),
    mouth: pick(rng, MOUTHS),
    clothing: pick(rng, CLOTHING[look.gender]),
    clothesColor: rng.pick(CLOTHES_COLOURS),
    scarfColor: rng.pick(scarves),
    hue: (hue + index * rng.int(70, 150)) % 360,
    flip: look.facesLeft !== (index % 2 === 1),
    zoom: 1 + rng.int(0, 12) / 100,
    shift: rng.int(-12, 12),
    backdrop: rng.int(1, 2 ** 30),
  };
}
