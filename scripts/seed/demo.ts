import type { AppDeps } from "../../server/http/types.ts";
// Placeholder until the seed module is written.
export async function seedDemoIfEmpty(_deps: AppDeps): Promise<void> {}
