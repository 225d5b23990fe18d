export * from "./app.ts";
export * from "./auth.ts";
