import { profileSaveSchema } from "@domain/profile.ts";
import { Hono } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { requireUser } from "../../platform/http/session.ts";
import { jsonBody } from "../../platform/http/validate.ts";
import { getOrCreateProfile, ownProfileDto, setPrivacy, updateProfile } from "./profile.service.ts";

// Each setting may be sent alone; at least one.
const privacyInput = z
  .strictObject({
    messagesFromVerifiedOnly: z.boolean({ error: "Choisissez oui ou non" }).optional(),
    firstMessagesFromLikedOnly: z.boolean({ error: "Choisissez oui ou non" }).optional(),
    presenceHidden: z.boolean({ error: "Choisissez oui ou non" }).optional(),
    browseInvisibly: z.boolean({ error: "Choisissez oui ou non" }).optional(),
    hideFromCountry: z.boolean({ error: "Choisissez oui ou non" }).optional(),
    hideFromCity: z.boolean({ error: "Choisissez oui ou non" }).optional(),
    hideFromOrigin: z.boolean({ error: "Choisissez oui ou non" }).optional(),
    neutralNotifications: z.boolean({ error: "Choisissez oui ou non" }).optional(),
    blurPhotos: z.boolean({ error: "Choisissez oui ou non" }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: "Indiquez le réglage à modifier",
  });

export function profileRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return (
    new Hono<AppEnv>()
      .use(requireUser(deps))
      .get("/", async (c) => {
        const row = c.get("ownProfile") ?? (await getOrCreateProfile(db, c.get("user").id));
        return c.json(await ownProfileDto(db, deps.storage, row));
      })
      .put("/", jsonBody(profileSaveSchema), async (c) => {
        const input = c.req.valid("json");
        const row = await updateProfile(db, c.get("user").id, input);
        return c.json(await ownProfileDto(db, deps.storage, row));
      })
      // PUT /api/profile/privacy {messagesFromVerifiedOnly?, firstMessagesFromLikedOnly?, presenceHidden?,
      // browseInvisibly?, hideFromCountry?, hideFromCity?, hideFromOrigin?, neutralNotifications?, blurPhotos?}
      // → ProfileDto
      .put("/privacy", jsonBody(privacyInput), async (c) => {
        const input = c.req.valid("json");
        const row = await setPrivacy(db, c.get("user").id, input);
        return c.json(await ownProfileDto(db, deps.storage, row));
      })
  );
}
