// A route's input, checked by its zod schema before the handler runs, and typed for both sides: the
// handler reads `c.req.valid("json" | "query")`, and the web app's typed client (web/lib/api.ts,
// Hono's `hc`) is told what the route takes, so a change here fails the web side's type-check.
import type { MiddlewareHandler } from "hono";
import type { z } from "zod";
import type { AppEnv } from "./env.ts";
import { parseOrThrow } from "./errors.ts";
import { readJson } from "./json.ts";
import { type QueryRules, readQuery } from "./query.ts";

/**
 * A JSON body parsed by `schema`: 415/400 INVALID_JSON, 400 VALIDATION_ERROR with French messages.
 * `optional`: a request without a body (no Content-Type) is read as `{}`.
 */
export function jsonBody<S extends z.ZodType>(
  schema: S,
  options: { optional?: boolean } = {},
): MiddlewareHandler<AppEnv, string, { in: { json: z.input<S> }; out: { json: z.output<S> } }> {
  return async (c, next) => {
    const body = options.optional && !c.req.header("content-type") ? {} : await readJson(c);
    c.req.addValidatedData("json", parseOrThrow(schema, body) as object);
    await next();
  };
}

/** What a query string's parameters are sent as: text, or a list for the repeatable ones. */
export type QueryInput<T> = {
  [K in keyof T]?: NonNullable<T[K]> extends readonly unknown[] ? string[] : string;
};

/**
 * A query string read by `rules` (unknown or repeated parameters refused) then parsed by `schema`.
 * The client sends each parameter as text (or a list of texts), which the schema coerces.
 */
export function queryOf<S extends z.ZodType>(
  schema: S,
  rules: QueryRules,
): MiddlewareHandler<AppEnv, string, { in: { query: QueryInput<z.input<S>> }; out: { query: z.output<S> } }> {
  return async (c, next) => {
    c.req.addValidatedData("query", parseOrThrow(schema, readQuery(c, rules)) as object);
    await next();
  };
}

/** A multipart body's fields as Hono reads them (a repeated field is a list). */
export type FormFields = Record<string, string | File | (string | File)[]>;

/**
 * A multipart/form-data body, read whole; `refuse` is the route's error for a body that is not one.
 * `In` is what the client sends (its typed client builds the form from it); the route's handler
 * checks each field, as files need more than a schema (types, sizes, decoding).
 */
export function formBody<In extends Record<string, string | Blob | (string | Blob)[]>>(
  refuse: (status: 400 | 415) => Error,
): MiddlewareHandler<AppEnv, string, { in: { form: In }; out: { form: FormFields } }> {
  return async (c, next) => {
    const type = c.req.header("content-type") ?? "";
    if (!type.startsWith("multipart/form-data")) throw refuse(415);
    let fields: FormFields;
    try {
      fields = await c.req.parseBody({ all: true });
    } catch {
      throw refuse(400);
    }
    c.req.addValidatedData("form", fields);
    await next();
  };
}
