// The database side of a backup: the dump, and the storage keys a dump names, read back from the dump
// file itself (so that a backup and a restore check the photos against what will be restored).
// - PostgreSQL server: pg_dump's custom format; its keys through `pg_restore --data-only --table`,
//   whose COPY text is parsed here, streamed.
// - Embedded database: PGlite's tarball of the data folder; its keys by opening the tarball in memory.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { createInterface } from "node:readline";
import {
  type KeyColumn,
  keysSql,
  STORAGE_KEY_COLUMNS,
  VOICE_KEY_COLUMNS,
} from "../../server/features/photos/index.ts";
import { type Database, openDatabase } from "../../server/platform/db/client.ts";

export type Engine = "pglite" | "postgres";

/** The columns whose every key must have its file in a backup (the photos members see). */
export const REQUIRED_COLUMNS = STORAGE_KEY_COLUMNS.filter((c) => c.required);
/** The columns naming voice recordings (issue 37), each of which must have its file too. */
export const VOICE_COLUMNS = VOICE_KEY_COLUMNS.filter((c) => c.required);

/** Runs a command; rejects with its standard error when it fails. */
export async function run(cmd: string, args: string[]): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} exited with ${code}: ${stderr.trim()}`)),
    );
  });
}

/** pg_dump of the server into `file`. */
export async function dumpServer(url: string, file: string): Promise<void> {
  await run("pg_dump", [
    "--format=custom",
    "--no-owner",
    // The job queue (pg-boss) is left out: its partitioned tables do not survive pg_restore
    // --clean, and nothing in it is lost for good — queues and schedules are recreated at start,
    // e-mails still to send are in email_outbox (sent by the hourly sweep), digests follow
    // email_covered_until (ADR 0015).
    "--exclude-schema=pgboss",
    `--file=${file}`,
    url,
  ]);
}

/** PGlite's consistent tarball of the open (and locked) embedded database into `file`. */
export async function dumpEmbedded(db: Database, file: string): Promise<void> {
  const tarball = await db.dumpDataDir!();
  await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
}

/** The keys the required columns (the photos', unless told) hold in an open database. */
export async function databaseKeys(
  db: Database,
  columns: readonly KeyColumn[] = REQUIRED_COLUMNS,
): Promise<string[]> {
  const { rows } = await db.executeSql(keysSql(columns));
  return (rows as { key: string }[]).map((r) => r.key);
}

/** The keys the required columns (the photos', unless told) hold in a dump file, read from the file. */
export async function dumpKeys(
  engine: Engine,
  file: string,
  columns: readonly KeyColumn[] = REQUIRED_COLUMNS,
): Promise<string[]> {
  if (engine === "postgres") {
    const keys: string[] = [];
    for (const column of columns) keys.push(...(await serverDumpColumn(file, column)));
    return keys;
  }
  const db = await openDatabase({ loadDataDir: new Blob([await readFile(file)]) });
  try {
    return await databaseKeys(db, columns);
  } finally {
    await db.close();
  }
}

export async function sha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest("hex");
}

/** The values of one column of a server dump: its table's COPY data, through pg_restore. */
async function serverDumpColumn(file: string, column: KeyColumn): Promise<string[]> {
  const child = spawn("pg_restore", ["--data-only", `--table=${column.table}`, "--file=-", file], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", resolve);
  });
  const keys: string[] = [];
  let index = -1;
  let inCopy = false;
  let found = false;
  try {
    for await (const line of createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY })) {
      if (!inCopy) {
        const columns = copyColumns(line, column.table);
        if (!columns) continue;
        index = columns.indexOf(column.column);
        if (index < 0) throw new Error(`The dump’s ${column.table} has no ${column.column} column`);
        inCopy = found = true;
        continue;
      }
      if (line === "\\.") {
        inCopy = false;
        continue;
      }
      const field = line.split("\t")[index];
      if (field === undefined) throw new Error(`A ${column.table} row of the dump has too few fields`);
      if (field === "\\N") continue;
      const value = copyUnescape(field);
      if (column.array) keys.push(...arrayElements(value));
      else keys.push(value);
    }
  } catch (err) {
    child.kill();
    throw err;
  }
  const code = await exited;
  if (code !== 0) throw new Error(`pg_restore exited with ${code}: ${stderr.trim()}`);
  if (!found) throw new Error(`The dump has no data for the table ${column.table}`);
  return keys;
}

/** The column names of `COPY public.<table> (a, b, "c") FROM stdin;`, or null for another line. */
export function copyColumns(line: string, table: string): string[] | null {
  const m = /^COPY (?:"?public"?\.)?"?([^"\s(]+)"? \((.*)\) FROM stdin;$/.exec(line);
  if (!m || m[1] !== table) return null;
  return m[2]!.split(", ").map((c) => c.replace(/^"(.*)"$/, "$1").replace(/""/g, '"'));
}

const COPY_ESCAPES: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v" };

/** A field of COPY's text format as its value (backslash sequences: PostgreSQL's « COPY » page). */
export function copyUnescape(field: string): string {
  return field.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_, e: string) => {
    if (e[0] === "x") return String.fromCharCode(Number.parseInt(e.slice(1), 16));
    if (/^[0-7]/.test(e)) return String.fromCharCode(Number.parseInt(e, 8));
    return COPY_ESCAPES[e] ?? e;
  });
}

/** The elements of a one-dimensional text array literal, `{a,"b c",NULL}` → a, b c (NULLs left out). */
export function arrayElements(literal: string): string[] {
  if (!literal.startsWith("{") || !literal.endsWith("}")) throw new Error(`Not an array: ${literal}`);
  const out: string[] = [];
  const body = literal.slice(1, -1);
  let i = 0;
  while (i < body.length) {
    let value = "";
    let quoted = false;
    if (body[i] === '"') {
      quoted = true;
      i++;
      while (i < body.length && body[i] !== '"') {
        if (body[i] === "\\") i++;
        value += body[i] ?? "";
        i++;
      }
      i++; // the closing quote
    } else {
      while (i < body.length && body[i] !== ",") value += body[i++];
    }
    if (quoted || value !== "NULL") out.push(value);
    i++; // the comma
  }
  return out;
}
