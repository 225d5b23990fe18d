// The message a member sends, validated the same way in the composer and by the API. Kept apart
// from messaging.ts so that pages needing only the types do not load zod.
import { z } from "zod";
import { cleanMessage, MESSAGE_MAX_LENGTH, MESSAGE_MSG, messageLength } from "./messaging.ts";

export const messageInputSchema = z.strictObject({
  content: z
    .string({ error: MESSAGE_MSG.NOT_TEXT })
    .max(MESSAGE_MAX_LENGTH * 4, MESSAGE_MSG.TOO_LONG)
    .transform(cleanMessage)
    .refine((v) => v.length > 0, MESSAGE_MSG.EMPTY)
    .refine((v) => messageLength(v) <= MESSAGE_MAX_LENGTH, MESSAGE_MSG.TOO_LONG),
});
