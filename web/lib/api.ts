// The API's typed client (same origin, session cookie). `api` is Hono's `hc` over the server's route
// definitions (server/api.ts, a type-only import: nothing of the server reaches the bundle), so a
// route's path, input and response are checked by the type-checker on this side too; `call` turns an
// answer into its body, or throws an ApiError with one of the API's closed list of codes.
import type { ApiErrorCode } from "@domain/messages.ts";
import { isErrorCode, MSG } from "@domain/messages.ts";
import { type ClientResponse, hc } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { ApiRoutes } from "../../server/api.ts";

export const NETWORK_ERROR_MESSAGE = "Impossible de joindre Passerelle. Vérifiez votre connexion à Internet.";

export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: ApiErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

function fieldsOf(value: unknown): Record<string, string> | undefined {
  if (!isObject(value)) return undefined;
  const entries = Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string");
  return Object.fromEntries(entries);
}

/**
 * Builds an ApiError from a failed response's status and (possibly empty) JSON body: our API's
 * `{ error: { code, message, fields? } }`, or Better Auth's `{ code, message }` (its codes are not
 * ours: UNEXPECTED_ERROR, with its French message, which the server translated).
 */
export function toApiError(status: number, body: unknown): ApiError {
  const error = isObject(body) && isObject(body.error) ? body.error : body;
  if (isObject(error) && typeof error.message === "string" && error.message) {
    const code = isErrorCode(error.code) ? error.code : "UNEXPECTED_ERROR";
    return new ApiError(status, code, error.message, fieldsOf(error.fields));
  }
  if (status === 429) return new ApiError(status, "RATE_LIMITED", MSG.RATE_LIMITED);
  return new ApiError(status, status >= 500 ? "INTERNAL_ERROR" : "UNEXPECTED_ERROR", MSG.GENERIC);
}

/** Parses a response body as JSON, or returns undefined when it is empty or not JSON. */
export function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The API's routes (`api.profile.$get()`, `api.matches[":id"].messages.$post({ param, json })`…). */
export const api = hc<ApiRoutes>("/", {
  headers: { Accept: "application/json" },
  // Looked up at each call, so that tests can stand in for the network.
  fetch: (input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init),
}).api;

/** What a successful answer carries: its JSON body, or null for a 204. */
export type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S, infer F>
    ? S extends SuccessStatusCode
      ? F extends "json"
        ? T
        : null
      : never
    : never;

/**
 * Path parameters, encoded: `hc` puts them in the path as they are, so an identifier holding « / » or
 * « ? » would otherwise change the route asked for.
 */
export function pathParams<T extends Record<string, string>>(params: T): T {
  const encoded: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) encoded[key] = encodeURIComponent(value);
  return encoded as T;
}

/** A request's options that cancel it with the query (TanStack Query's `signal`). */
export const cancelledBy = (signal: AbortSignal | undefined) => ({ init: { signal } });

/**
 * Waits for an API call and returns its body; a failure throws an ApiError (NETWORK_ERROR when
 * nothing answered). A cancelled request rethrows its AbortError, which TanStack Query expects.
 */
export async function call<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
): Promise<SuccessBody<R>> {
  let response: R;
  try {
    response = await request;
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError(0, "NETWORK_ERROR", NETWORK_ERROR_MESSAGE);
  }
  const data = parseJson(await response.text().catch(() => ""));
  if (!response.ok) throw toApiError(response.status, data);
  // The one place the server's word is taken: the route's declared response type (server/api.ts),
  // which server/platform/http/response-contract.test.ts checks against what the routes really send.
  return (data ?? null) as SuccessBody<R>;
}

/** A French message for any thrown value. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  return MSG.GENERIC;
}
