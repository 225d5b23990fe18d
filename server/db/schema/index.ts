export * from "./app.ts";
export * from "./auth.ts";
export * from "./trust.ts";
export * from "./visits.ts";
