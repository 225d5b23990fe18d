// `?path=` of a photo deletion (the member's own, or an administrator's): the photo's key, refused
// with the SPEC's « Invalid file path »; missing, nothing is found.
import { MSG } from "@domain/messages.ts";
import { z } from "zod";
import { queryRules } from "../../platform/http/query.ts";

export const photoPathQuery = z.object({
  path: z.string({ error: MSG.INVALID_FILE_PATH }).max(300, MSG.INVALID_FILE_PATH).default(""),
});

export const PATH_QUERY_RULES = queryRules(["path"]);
