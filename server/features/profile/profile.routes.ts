import { profileSaveSchema } from "@domain/profile.ts";
import { Hono } from "hono";
import { z } from "zod";
import { parseOrThrow } from "../../http/errors.ts";
import { readJson } from "../../http/json.ts";
import { requireUser } from "../../http/session.ts";
import type { AppDeps, AppEnv } from "../../http/types.ts";
import { getOrCreateProfile, setPrivacy, toProfileDto, updateProfile } from "./profile.service.ts";

// Each setting may be sent alone; at least one.
const privacyInput = z
  .strictObject({
    messagesFromVerifiedOnly: z.boolean({ error: "Choisissez oui ou non" }).optional(),
    presenceHidden: z.boolean({ error: "Choisissez oui ou non" }).optional(),
  })
  .refine((v) => v.messagesFromVerifiedOnly !== undefined || v.presenceHidden !== undefined, {
    message: "Indiquez le réglage à modifier",
  });

export function profileRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return (
    new Hono<AppEnv>()
      .use(requireUser(deps))
      .get("/", async (c) => {
        const row = await getOrCreateProfile(db, c.get("user").id);
        return c.json(toProfileDto(row, deps.storage));
      })
      .put("/", async (c) => {
        const input = parseOrThrow(profileSaveSchema, await readJson(c));
        const row = await updateProfile(db, c.get("user").id, input);
        return c.json(toProfileDto(row, deps.storage));
      })
      // PUT /api/profile/privacy {messagesFromVerifiedOnly?, presenceHidden?} → ProfileDto
      .put("/privacy", async (c) => {
        const input = parseOrThrow(privacyInput, await readJson(c));
        const row = await setPrivacy(db, c.get("user").id, input);
        return c.json(toProfileDto(row, deps.storage));
      })
  );
}
