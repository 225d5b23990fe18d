// Reads the e-mails the test app wrote to its outbox (no SMTP in tests).
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

export async function waitForMail(
  dataDir: string,
  to: string,
  subjectPart: string,
): Promise<{ subject: string; text: string }> {
  const dir = path.join(dataDir, "outbox");
  // Mail is written in the background: on a busy machine it can take seconds, not milliseconds.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const f of files.filter((f) => f.includes(to.replace(/[^a-zA-Z0-9@._-]/g, "_")))) {
      // A file being written is read again at the next turn.
      const mail = await readFile(path.join(dir, f), "utf8")
        .then((text) => JSON.parse(text) as { subject: string; text: string })
        .catch(() => null);
      if (mail?.subject.includes(subjectPart)) return mail;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail for ${to}`);
}

/** The first link of a mail's text. */
export const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)?.[0] ?? "";
