import pino, { type Logger } from "pino";

export type { Logger };

/** JSON logs in production, pretty in development. */
export function createLogger(level: string, pretty: boolean): Logger {
  return pino({
    level,
    redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.password"], remove: true },
    ...(pretty
      ? { transport: { target: "pino-pretty", options: { colorize: true, translateTime: "HH:MM:ss" } } }
      : {}),
  });
}
