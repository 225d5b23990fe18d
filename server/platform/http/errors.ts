// The API's error convention: `{ error: { code, message, fields? } }`, French messages, stable codes.
import type { ErrorCode } from "@domain/messages.ts";
import { MSG } from "@domain/messages.ts";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";

// Zod's own messages (a wrong type, a missing field, in a schema without a message of ours) in
// French: every refusal the API sends is read by a French-speaking member. Found by fuzz.test.ts.
z.config(z.locales.fr());

export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }

  toBody() {
    return {
      error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) },
    };
  }
}

export const unauthenticated = () => new AppError(401, "UNAUTHENTICATED", MSG.UNAUTHENTICATED);
export const forbidden = () => new AppError(403, "FORBIDDEN", MSG.FORBIDDEN);
export const notFound = (message: string = MSG.NOT_FOUND) => new AppError(404, "NOT_FOUND", message);

/** Turns zod issues into one French message and a field → message map. */
export function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "_";
    if (issue.code === "unrecognized_keys") {
      for (const k of issue.keys) fields[k] = "Champ inconnu";
      continue;
    }
    fields[key] ??= issue.message;
  }
  const first = Object.values(fields)[0];
  return new AppError(400, "VALIDATION_ERROR", first ?? MSG.VALIDATION, fields);
}

/** Parses with a zod schema or throws a 400 AppError. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}
