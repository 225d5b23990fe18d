// The requests the benchmark times: every administration list with the searches, filters and
// sorts an administrator uses (the sorts the admin pages offer on their column headers included),
// the values taken from the data set (a real member, their e-mail, their conversation).
import type pg from "pg";
import { MESSAGE_WORDS } from "./activity.ts";

export interface Case {
  /** /api/admin/… */
  path: string;
  params: Record<string, string>;
  /** What the parameters stand for, when the values say little (ids, e-mails). */
  note?: string;
}

/** Values of the data set the requests search for. */
export interface Sample {
  /** A member active in the messages: the sender of the newest message. */
  memberId: string;
  memberEmail: string;
  /** The conversation of that message. */
  matchId: string;
  /** Another member, picked among the newest accounts, and their e-mail's local part. */
  emailFragment: string;
  firstName: string;
  fullName: string;
  country: string;
  /** « nom. »: the last-name part of a subscriber's e-mail (everyone of that name). */
  subscriberFragment: string;
}

export async function sampleData(client: pg.Client): Promise<Sample> {
  const one = async <T extends pg.QueryResultRow>(text: string): Promise<T> => {
    const row = (await client.query<T>(text)).rows[0];
    if (!row) throw new Error(`no sample row for: ${text}`);
    return row;
  };
  const active = await one<{ memberId: string; matchId: string; memberEmail: string }>(
    `SELECT x.sender_id AS "memberId", x.match_id AS "matchId", u.email AS "memberEmail"
     FROM messages x JOIN "user" u ON u.id = x.sender_id ORDER BY x.created_at DESC LIMIT 1`,
  );
  const other = await one<{ email: string; firstName: string; lastName: string; country: string }>(
    `SELECT u.email, p.first_name AS "firstName", p.last_name AS "lastName", p.country
     FROM "user" u JOIN profiles p ON p.user_id = u.id
     WHERE u.role = 'user' AND p.first_name <> '' ORDER BY u.created_at DESC, u.id OFFSET 100 LIMIT 1`,
  );
  const subscriber = await one<{ email: string }>(
    `SELECT u.email FROM subscriptions s JOIN "user" u ON u.id = s.user_id
     ORDER BY s.created_at DESC, s.id OFFSET 50 LIMIT 1`,
  );
  const lastNamePart = subscriber.email.split("@")[0]?.split(".")[1] ?? "";
  return {
    ...active,
    emailFragment: other.email.split("@")[0] ?? other.email,
    firstName: other.firstName,
    fullName: `${other.firstName} ${other.lastName}`,
    country: other.country,
    subscriberFragment: `${lastNamePart}.`,
  };
}

export function adminCases(s: Sample): Case[] {
  return [
    { path: "users", params: {} },
    { path: "users", params: { q: s.emailFragment }, note: "e-mail fragment" },
    { path: "users", params: { q: s.firstName }, note: "first name" },
    { path: "users", params: { status: "subscribed" } },
    { path: "users", params: { banned: "true" } },
    { path: "users", params: { sort: "email", dir: "asc" } },
    { path: "users", params: { page: "200" } },
    { path: "users", params: { sort: "name", dir: "asc" }, note: "column offered by the page" },
    { path: "profiles", params: {} },
    { path: "profiles", params: { q: s.fullName }, note: "first and last name" },
    { path: "profiles", params: { gender: "female", country: s.country } },
    { path: "profiles", params: { hasPhoto: "false" } },
    { path: "profiles", params: { sort: "birth_date" } },
    { path: "profiles", params: { sort: "first_name", dir: "asc" }, note: "column offered by the page" },
    { path: "profiles", params: { sort: "updated_at" }, note: "column offered by the page" },
    { path: "matches", params: {} },
    { path: "matches", params: { member: s.memberId }, note: "user id" },
    { path: "matches", params: { member: s.memberEmail }, note: "e-mail" },
    { path: "matches", params: { status: "rejected" } },
    { path: "matches", params: { sort: "updated_at" }, note: "column offered by the page" },
    { path: "messages", params: {} },
    { path: "messages", params: { q: MESSAGE_WORDS.common }, note: "common word, ~10 % of messages" },
    { path: "messages", params: { q: MESSAGE_WORDS.uncommon }, note: "~0.5 % of messages" },
    { path: "messages", params: { q: MESSAGE_WORDS.rare }, note: "rare word, ~0.02 %" },
    { path: "messages", params: { q: MESSAGE_WORDS.absent }, note: "in no message" },
    { path: "messages", params: { matchId: s.matchId }, note: "a conversation" },
    { path: "messages", params: { member: s.memberId }, note: "user id" },
    { path: "messages", params: { member: s.memberEmail }, note: "e-mail" },
    { path: "subscriptions", params: {} },
    { path: "subscriptions", params: { status: "active" } },
    { path: "subscriptions", params: { status: "expired" } },
    { path: "subscriptions", params: { plan: "3-mois" } },
    { path: "subscriptions", params: { q: s.subscriberFragment }, note: "e-mail fragment « nom. »" },
    { path: "subscriptions", params: { sort: "end_date" }, note: "column offered by the page" },
    { path: "audit", params: {} },
    { path: "dashboard", params: {} },
  ];
}

/** The query string of a case, ids shortened for the table. */
export function describeParams(c: Case): string {
  const entries = Object.entries(c.params);
  if (entries.length === 0) return "(default)";
  const shown = entries.map(([k, v]) => `${k}=${v.length > 24 ? `${v.slice(0, 8)}…` : v}`).join(" ");
  return c.note ? `${shown} (${c.note})` : shown;
}
