// Response schema of GET /api/config (the server's settings the pages need). See ./scalars.ts for
// why it lives here.
import { z } from "zod";

export const publicConfigSchema = z.strictObject({
  /** The address the legal pages and error messages give. */
  contactEmail: z.string(),
});
export type PublicConfigDto = z.infer<typeof publicConfigSchema>;
