// The reference of bench/load.ts: what an authenticated profile read costs when nothing but the work
// is done, written with node:http and pg only, independent of the app's code. It checks the session
// cookie as Better Auth signs it (`<token>.<base64 HMAC-SHA256 of the token with AUTH_SECRET>`), then
// in one round trip finds the session (not expired), its user (not banned) and the user's profile,
// and sends the profile as JSON. Started as a child process by the bench:
//
//   DATABASE_URL=… AUTH_SECRET=… PORT=… node --import tsx bench/load/reference-server.ts
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import pg from "pg";

const secret = process.env.AUTH_SECRET ?? "";
const port = Number(process.env.PORT ?? 3241);
// The app's pool size (server/platform/db/client.ts).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/** The session token, if the cookie carries one with a valid signature. */
function verifiedToken(cookieHeader: string | undefined): string | null {
  const value = cookieHeader?.match(COOKIE)?.[1];
  if (!value) return null;
  const signed = decodeURIComponent(value);
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const token = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

// A prepared statement (named): parsed and planned once per connection.
const profileQuery = (token: string) => ({
  name: "reference-profile",
  text: `SELECT p.* FROM session s
           JOIN "user" u ON u.id = s.user_id
           JOIN profiles p ON p.user_id = u.id
          WHERE s.token = $1 AND s.expires_at > now() AND NOT u.banned`,
  values: [token],
});

const server = createServer(async (req, res) => {
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(body));
  };
  try {
    const token = verifiedToken(req.headers.cookie);
    if (!token) return send(401, { error: { code: "UNAUTHENTICATED" } });
    const { rows } = await pool.query(profileQuery(token));
    if (rows.length === 0) return send(401, { error: { code: "UNAUTHENTICATED" } });
    send(200, rows[0]);
  } catch (err) {
    send(500, { error: { code: "INTERNAL_ERROR", message: (err as Error).message } });
  }
});
server.listen(port, "127.0.0.1", () => console.error(`[reference] listening on ${port}`));
process.on("SIGTERM", () => {
  server.close();
  void pool.end();
});
