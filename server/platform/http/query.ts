// Query strings as plain objects for zod: each parameter once, except the listed repeatable ones
// (given as arrays). An unknown or repeated parameter is a 400 with a French message.
import type { Context } from "hono";
import { AppError } from "./errors.ts";

export interface QueryRules {
  allowed: readonly string[];
  /** Parameters given as a list (?interests=a&interests=b). */
  repeatable?: readonly string[];
  unknownMessage: string;
  repeatedMessage: string;
}

export function readQuery(c: Context, rules: QueryRules): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(c.req.queries())) {
    if (!rules.allowed.includes(key)) {
      throw new AppError(400, "VALIDATION_ERROR", `${rules.unknownMessage} : « ${key.slice(0, 40)}\u00a0»`, {
        [key.slice(0, 40)]: rules.unknownMessage,
      });
    }
    if (rules.repeatable?.includes(key)) out[key] = values;
    else if (values.length > 1)
      throw new AppError(400, "VALIDATION_ERROR", rules.repeatedMessage, { [key]: rules.repeatedMessage });
    else out[key] = values[0] ?? "";
  }
  return out;
}

/** The rules of most query strings: these parameters, each at most once, refused in plain French. */
export function queryRules(allowed: readonly string[]): QueryRules {
  return {
    allowed,
    unknownMessage: "Paramètre inconnu",
    repeatedMessage: "Ce paramètre ne peut être donné qu’une fois",
  };
}
