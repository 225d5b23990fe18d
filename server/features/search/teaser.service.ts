// What a subscription would open, for a member without one (issue 34): the default search's count
// for them, and its first members with a photo as blurred cards. It runs the real search (the same
// conditions, blocks and visibility), and gives no more than the teaser: no id, no name but an
// initial, and a picture of 8 × 10 pixels — nothing to find or recognise anyone by, so no way around
// the subscription gate (SPEC §2).
import { ageOn, todayIso } from "@domain/age.ts";
import {
  SEARCH_COUNT_CAP,
  SEARCH_TEASER_SIZE,
  type SearchTeaserDto,
  searchQuerySchema,
} from "@domain/discovery.ts";
import type { Db } from "../../platform/db/client.ts";
import { memberImage } from "../../platform/images/index.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import type { Viewer } from "../members/index.ts";
import { thumbKey } from "../photos/index.ts";
import { runSearch } from "./search.service.ts";

/** The preview's size: a face at this size is a few coloured pixels. */
const PREVIEW = { width: 8, height: 10 } as const;

/** The stored thumbnail (our own WebP, never a member's upload) reduced to a few pixels. */
async function preview(storage: Storage, photoKey: string | undefined): Promise<string | null> {
  if (!photoKey) return null;
  const thumb = await storage.get(thumbKey(photoKey)).catch(() => null);
  if (!thumb) return null;
  // Our own thumbnail, decoded under the same pixel limit as every image (server/images).
  const tiny = await memberImage(Buffer.from(thumb.body))
    .resize(PREVIEW.width, PREVIEW.height, { fit: "cover" })
    .webp({ quality: 40 })
    .toBuffer()
    .catch(() => null);
  return tiny ? `data:image/webp;base64,${tiny.toString("base64")}` : null;
}

export async function searchTeaser(
  db: Db,
  storage: Storage,
  viewer: Viewer,
  today = todayIso(),
): Promise<SearchTeaserDto> {
  const [all, pictured] = await Promise.all([
    runSearch(db, viewer, searchQuerySchema.parse({ size: "1" }), today),
    runSearch(
      db,
      viewer,
      searchQuerySchema.parse({ size: String(SEARCH_TEASER_SIZE), withPhoto: "true" }),
      today,
    ),
  ]);
  const members = await Promise.all(
    pictured.rows.map(async (row) => ({
      initial: `${row.firstName.charAt(0).toLocaleUpperCase("fr")}.`,
      age: ageOn(row.birthDate, today),
      country: row.country,
      profileVerified: row.profileVerified === true,
      preview: await preview(storage, row.photos[0]),
    })),
  );
  return { count: Math.min(all.n, SEARCH_COUNT_CAP), countCapped: all.n > SEARCH_COUNT_CAP, members };
}
