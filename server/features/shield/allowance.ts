// New conversations a member may start per day, by trust level (issue 36): fewer before the e-mail
// is confirmed, more once the selfie is verified; never above the server's NEW_CONVERSATIONS_PER_DAY.
import type { ShieldSettings, TrustLevel } from "@domain/shield/shield.ts";

export function allowance(settings: ShieldSettings, trust: TrustLevel, ceiling: number): number {
  if (!settings.enabled) return ceiling;
  return Math.min(settings.allowances[trust], ceiling);
}
