// Two members of long standing, e-mail confirmed, selfie-verified and subscribed, matched, each
// with a session — written straight into the database (as bench/shield.ts does: signing up through
// the API would cost a scrypt hash and the e-mail round trip, and is not what this bench measures).
import type { Database } from "../../server/platform/db/client.ts";
import { type BenchMember, type BenchPair, benchPair } from "../harness/pair.ts";

export type VoiceMember = BenchMember;
export type VoicePair = BenchPair;

/** A man and a woman, selfie-verified, matched (accepted, both opened). */
export function voicePair(database: Database, authSecret: string): Promise<VoicePair> {
  return benchPair(database, authSecret, { prefix: "Voix", verified: true });
}
