// Outgoing e-mail through nodemailer: SMTP when SMTP_URL is set, otherwise each message is written
// to the log and as a JSON file in ./data/outbox so password resets work on any machine.
import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "../logger.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post, Message-ID for notifications). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(opts: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
  /**
   * Whether the log line of a mail written to the outbox carries its text (development: the links
   * are followed from the log). Never in production (issue 33): reset and confirmation links work,
   * and logs travel further than the data folder.
   */
  logTexts?: boolean;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
        opts.logger.info({ to: mail.to, subject: mail.subject }, "e-mail sent");
      },
    };
  }
  return {
    async send(mail) {
      await mkdir(opts.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, "_");
      // A random part: two mails to one address within a millisecond must not overwrite each other.
      const id = `${stamp}-${randomBytes(3).toString("hex")}`;
      const file = path.join(opts.outboxDir, `${id}-${safeTo}.json`);
      // Written under a name without the address, then renamed: whoever watches the outbox (the tests,
      // a developer) never reads half a message.
      const partial = path.join(opts.outboxDir, `.${id}.partial`);
      await writeFile(partial, JSON.stringify({ from: opts.from, ...mail }, null, 2));
      await rename(partial, file);
      opts.logger.info(
        { to: mail.to, subject: mail.subject, file, ...(opts.logTexts ? { text: mail.text } : {}) },
        "e-mail written to outbox",
      );
    },
  };
}
