export * from "./app.ts";
export * from "./auth.ts";
export * from "./calls.ts";
export * from "./limits.ts";
export * from "./notifications.ts";
export * from "./shield.ts";
export * from "./trust.ts";
export * from "./visits.ts";
