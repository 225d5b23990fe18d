// Minimal JSON client for our own API (same origin, session cookie).
import type { ApiErrorBody } from "@domain/messages.ts";
import { MSG } from "@domain/messages.ts";

export const NETWORK_ERROR_MESSAGE = "Impossible de joindre Passerelle. Vérifiez votre connexion à Internet.";

export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const err = (value as { error: unknown }).error;
  return (
    typeof err === "object" && err !== null && typeof (err as { message?: unknown }).message === "string"
  );
}

/** Builds an ApiError from a failed response's status and (possibly empty) JSON body. */
export function toApiError(status: number, body: unknown): ApiError {
  if (isErrorBody(body)) {
    const { code, message, fields } = body.error;
    return new ApiError(status, code || "ERROR", message || MSG.GENERIC, fields);
  }
  // Better Auth style: { code, message }.
  if (
    typeof body === "object" &&
    body !== null &&
    typeof (body as { message?: unknown }).message === "string"
  ) {
    const b = body as { code?: string; message: string };
    return new ApiError(status, b.code ?? "ERROR", b.message);
  }
  if (status === 429) return new ApiError(status, "RATE_LIMITED", MSG.RATE_LIMITED);
  return new ApiError(status, status >= 500 ? "INTERNAL_ERROR" : "ERROR", MSG.GENERIC);
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

export async function apiRequest<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const finalHeaders = new Headers(headers);
  finalHeaders.set("Accept", "application/json");
  let body = init.body;
  if (json !== undefined) {
    finalHeaders.set("Content-Type", "application/json");
    body = JSON.stringify(json);
  }
  let response: Response;
  try {
    response = await fetch(path, { credentials: "same-origin", ...rest, headers: finalHeaders, body });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError(0, "NETWORK_ERROR", NETWORK_ERROR_MESSAGE);
  }
  const data = parseJson(await response.text().catch(() => ""));
  if (!response.ok) throw toApiError(response.status, data);
  return data as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { method: "GET", signal }),
  post: <T>(path: string, json?: unknown) => apiRequest<T>(path, { method: "POST", json }),
  put: <T>(path: string, json?: unknown) => apiRequest<T>(path, { method: "PUT", json }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: "DELETE" }),
};

/** A French message for any thrown value. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  return MSG.GENERIC;
}
