import { MSG } from "@domain/messages.ts";
import type { Context } from "hono";
import { AppError } from "./errors.ts";

/** Reads a JSON body; a malformed body is a 400 with a French message, never a 500. */
export async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/json")) {
    throw new AppError(415, "INVALID_JSON", MSG.INVALID_JSON);
  }
  try {
    return await c.req.json();
  } catch {
    throw new AppError(400, "INVALID_JSON", MSG.INVALID_JSON);
  }
}
