// domain/responses/: the zod schemas of the JSON the API sends to the web app, one file per area.
// Each response type of domain/ is inferred from its schema here (domain/profile.ts re-exports
// ProfileDto from ./profile.ts, and so on), so there is one description of each response, and
// server/platform/http/response-contract.test.ts parses what every route really sends with it. Objects are
// strict: a field nobody declared (an e-mail, a password hash in a public profile) fails the parse.
//
// Bundle rule: the web app reaches these modules through `import type` only (the re-exports in
// domain/*.ts are type-only), so no schema here is built in the browser. Import them at run time
// from the server and from tests only.
//
// This file: the scalars responses are made of, as they arrive after JSON serialisation (a Date
// passed to c.json becomes its toISOString()).
import { z } from "zod";

/** An instant: « 2025-03-14T09:26:53.589Z » (Date.toISOString()). */
export const instant = z.iso.datetime();

/** A calendar day: « 2025-03-14 ». */
export const day = z.iso.date();

/** A whole number (counts, amounts in a currency's smallest unit, pages). */
export const whole = z.int();
