// The SVG of a demo portrait: an illustrated bust from DiceBear's "Avataaars" style in front of a
// soft backdrop, framed 4:5 like a phone portrait, plus the square the thumbnail shows.
//
// Credits: the Avataaars design is by Pablo Stanley (https://avataaars.com/), licensed "free for
// personal and commercial use" (DiceBear's remix keeps that licence); the DiceBear code
// (@dicebear/core, @dicebear/avataaars) is by Florian Körner under the MIT licence. Everything is
// drawn locally, nothing is downloaded.
import * as avataaars from "@dicebear/avataaars";
import { createAvatar } from "@dicebear/core";
import type { PhotoPose, PortraitLook } from "./portrait-look.ts";
import { SKIN_TONES, wearsHeadwear } from "./portrait-look.ts";
import { Random } from "./random.ts";

/** Avataaars draws in a 280×280 box; the portrait canvas is 4:5 in the same units. */
const BOX = 280;
const WIDTH = 280;
const HEIGHT = 350;
/** How far the bust reaches below the canvas (the lower edge of its clothes is cut off). */
const BOTTOM_CUT = 16;
/** Top of the square the thumbnail keeps: the head and shoulders, a little headroom. */
const THUMB_TOP = 52;

function hsl(h: number, s: number, l: number): string {
  // HSL → hex, so the SVG only uses colours every renderer understands.
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const v = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/** The bust alone, without background, as Avataaars draws it. */
function bustSvg(look: PortraitLook, pose: PhotoPose): string {
  const headwear = wearsHeadwear(look);
  return createAvatar(avataaars, {
    // Every part is chosen here, so DiceBear's own seeded choices never come into play.
    seed: "passerelle",
    backgroundColor: ["transparent"],
    // No mask around the bust: the portrait's own frame crops it, and librsvg draws masks slowly.
    clip: false,
    flip: pose.flip,
    skinColor: [SKIN_TONES[look.skin].color],
    top: look.hair ? [look.hair] : [],
    topProbability: look.hair ? 100 : 0,
    hairColor: [look.hairColor],
    hatColor: [headwear ? pose.scarfColor : look.hairColor],
    facialHair: look.beard ? [look.beard] : [],
    facialHairProbability: look.beard ? 100 : 0,
    facialHairColor: [look.hairColor],
    accessories: look.glasses ? [look.glasses] : [],
    accessoriesProbability: look.glasses ? 100 : 0,
    accessoriesColor: [look.glassesColor],
    eyes: [pose.eyes],
    eyebrows: [pose.eyebrows],
    mouth: [pose.mouth],
    clothing: [pose.clothing],
    clothesColor: [pose.clothesColor],
  }).toString();
}

/** A pastel gradient with a few pale translucent circles, like an out-of-focus background. */
function backdrop(pose: PhotoPose): string {
  const rng = new Random(pose.backdrop);
  const circles: string[] = [];
  for (let i = 0; i < 5; i++) {
    const fill = hsl((pose.hue + rng.int(-25, 25) + 360) % 360, 0.55, rng.int(80, 93) / 100);
    circles.push(
      `<circle cx="${rng.int(0, WIDTH)}" cy="${rng.int(0, HEIGHT - 80)}" r="${rng.int(25, 80)}" fill="${fill}" fill-opacity="0.${rng.int(25, 55)}"/>`,
    );
  }
  return `<defs><linearGradient id="backdrop" x1="0" y1="0" x2="0.4" y2="1">
<stop offset="0" stop-color="${hsl(pose.hue, 0.5, 0.86)}"/><stop offset="1" stop-color="${hsl((pose.hue + 25) % 360, 0.45, 0.72)}"/>
</linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#backdrop)"/>
${circles.join("\n")}`;
}

export interface PortraitSvgs {
  /** The 4:5 portrait, `width`×`height` pixels. */
  main: string;
  /** The head-and-shoulders square, `side`×`side` pixels. */
  thumb: string;
}

/** The portrait and its thumbnail as SVG documents, rendered at the given pixel sizes. */
export function portraitSvgs(
  look: PortraitLook,
  pose: PhotoPose,
  size: { width: number; height: number; side: number },
): PortraitSvgs {
  // The bust is cut by the bottom edge, zoomed and moved sideways a little: each photo is framed
  // differently, and big hair keeps some room above it.
  const scaled = BOX * pose.zoom;
  const x = (WIDTH - scaled) / 2 + pose.shift;
  const y = HEIGHT - scaled + BOTTOM_CUT;
  const bust = bustSvg(look, pose).replace(
    /^<svg[^>]*>/,
    `<svg x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${scaled.toFixed(1)}" height="${scaled.toFixed(1)}" viewBox="0 0 ${BOX} ${BOX}" overflow="visible" fill="none">`,
  );
  const body = `${backdrop(pose)}\n${bust}\n</svg>`;
  const open = (w: number, h: number, viewBox: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${viewBox}">\n`;
  return {
    main: open(size.width, size.height, `0 0 ${WIDTH} ${HEIGHT}`) + body,
    thumb: open(size.side, size.side, `0 ${THUMB_TOP} ${WIDTH} ${WIDTH}`) + body,
  };
}
