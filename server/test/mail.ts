// Reads the e-mails the test app wrote to its outbox (no SMTP in tests).
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

export async function waitForMail(
  dataDir: string,
  to: string,
  subjectPart: string,
): Promise<{ subject: string; text: string }> {
  const dir = path.join(dataDir, "outbox");
  for (let i = 0; i < 250; i++) {
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const f of files.filter((f) => f.includes(to.replace(/[^a-zA-Z0-9@._-]/g, "_")))) {
      const mail = JSON.parse(await readFile(path.join(dir, f), "utf8")) as { subject: string; text: string };
      if (mail.subject.includes(subjectPart)) return mail;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail for ${to}`);
}

/** The first link of a mail's text. */
export const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)?.[0] ?? "";
