// The shield's evaluation set (issue 36), written for this repository: scripted scam conversations
// (the scammer's side, in order) and genuine members' conversations, in French as people write on
// a dating app's chat — Nouchi, Camfranglais, SMS spelling, emojis, disguised payment words — with
// genuine mentions of money, phones and links. bench/shield/data/*.json; checked on load.
import { readFileSync } from "node:fs";
import { z } from "zod";

const persona = z.strictObject({
  gender: z.enum(["man", "woman"]),
  residenceCountry: z.string(),
  originCountry: z.string(),
});

const scamConversation = z.strictObject({
  id: z.string(),
  persona,
  pretext: z.string(),
  messages: z.array(
    z.strictObject({
      text: z.string().min(1).max(2000),
      kind: z.enum(["opener", "lovebomb", "offplatform", "money"]),
    }),
  ),
});

const genuineConversation = z.strictObject({
  id: z.string(),
  persona,
  messages: z.array(
    z.strictObject({
      text: z.string().min(1).max(2000),
      kind: z.enum(["ordinary", "money-mention", "phone-mention", "link-mention"]),
    }),
  ),
});

export type ScamConversation = z.infer<typeof scamConversation>;
export type GenuineConversation = z.infer<typeof genuineConversation>;

const read = (name: string) => JSON.parse(readFileSync(new URL(`./data/${name}`, import.meta.url), "utf8"));

export const scamConversations = (): ScamConversation[] =>
  z.array(scamConversation).parse(read("scam-conversations.json"));
export const genuineConversations = (): GenuineConversation[] =>
  z.array(genuineConversation).parse(read("genuine-conversations.json"));

const readHoldout = (name: string) =>
  JSON.parse(readFileSync(new URL(`./holdout/${name}`, import.meta.url), "utf8"));

/** The held-out set: written apart, by someone who never saw the detector's rules. */
export const holdoutScam = (): ScamConversation[] =>
  z.array(scamConversation).parse(readHoldout("scam-conversations.json"));
export const holdoutGenuine = (): GenuineConversation[] =>
  z.array(genuineConversation).parse(readHoldout("genuine-conversations.json"));
