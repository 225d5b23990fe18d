// The HTTP/1.1 messages of one direction of a connection, read on the side as the proxy forwards
// them (proxy.ts): where each head ends, and where each body ends (a known length, chunked, or the
// connection's end). Nothing is changed or buffered beyond a head still incomplete.

const HEADER_END = Buffer.from("\r\n\r\n");

interface Head {
  startLine: string;
  headers: Map<string, string>;
  length: number;
}

function parseHead(buffer: Buffer): Head | null {
  const end = buffer.indexOf(HEADER_END);
  if (end < 0) return null;
  const [startLine = "", ...lines] = buffer.subarray(0, end).toString("latin1").split("\r\n");
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) {
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
    }
  }
  return { startLine, headers, length: end + HEADER_END.length };
}

/**
 * Where a message body ends: a known length, chunked (its chunk sizes read as they pass), or none
 * (the connection's end). Returns how many of `data`'s bytes belong to the body, and whether it ended.
 */
export class BodyReader {
  #remaining: number;
  readonly #chunked: boolean;
  /** Chunked: "size" (reading a size line), "data", "crlf" (after a chunk), "trailer", "done". */
  #state: "size" | "data" | "crlf" | "trailer" | "done" = "size";
  #line = "";

  constructor(mode: { length: number } | "chunked" | "until-close") {
    this.#chunked = mode === "chunked";
    this.#remaining = typeof mode === "object" ? mode.length : mode === "until-close" ? Infinity : 0;
    if (typeof mode === "object" && mode.length === 0) this.#state = "done";
  }

  get ended(): boolean {
    return this.#chunked ? this.#state === "done" : this.#remaining === 0;
  }

  /** Consumes the body's bytes at the start of `data`; returns how many. */
  read(data: Buffer): number {
    if (!this.#chunked) {
      const n = Math.min(this.#remaining, data.length);
      this.#remaining -= n;
      return n;
    }
    let i = 0;
    while (i < data.length && this.#state !== "done") {
      if (this.#state === "data") {
        const n = Math.min(this.#remaining, data.length - i);
        this.#remaining -= n;
        i += n;
        if (this.#remaining === 0) this.#state = "crlf";
        continue;
      }
      // A line: the chunk's size, the CRLF after its data, or a trailer line.
      const byte = data[i++]!;
      if (byte !== 0x0a) {
        this.#line += String.fromCharCode(byte);
        continue;
      }
      const line = this.#line.replace(/\r$/, "");
      this.#line = "";
      if (this.#state === "crlf") this.#state = "size";
      else if (this.#state === "size") {
        const size = Number.parseInt(line.split(";")[0]!.trim(), 16);
        if (Number.isNaN(size)) throw new Error(`chunked body: bad size line "${line}"`);
        if (size === 0) this.#state = "trailer";
        else {
          this.#remaining = size;
          this.#state = "data";
        }
      } else if (this.#state === "trailer" && line === "") this.#state = "done";
    }
    return i;
  }
}

/** Reads one direction of a connection: heads, then bodies, message after message. */
export class MessageStream {
  #buffer: Buffer = Buffer.alloc(0);
  #body: BodyReader | null = null;
  /** Everything after this point goes to the current message (a 101 upgrade, a broken stream). */
  #raw = false;

  constructor(
    private readonly onHead: (head: Head) => BodyReader | "raw",
    private readonly onBytes: (bytes: number, head: boolean, body?: Buffer) => void,
    private readonly onEnd: () => void,
  ) {}

  push(data: Buffer): void {
    if (this.#raw) {
      this.onBytes(data.length, false);
      return;
    }
    let rest: Buffer = data;
    while (rest.length > 0) {
      if (this.#body) {
        const n = this.#body.read(rest);
        this.onBytes(n, false, rest.subarray(0, n));
        rest = rest.subarray(n);
        if (this.#body.ended) {
          this.#body = null;
          this.onEnd();
        }
        continue;
      }
      this.#buffer = this.#buffer.length === 0 ? rest : Buffer.concat([this.#buffer, rest]);
      rest = Buffer.alloc(0);
      const head = parseHead(this.#buffer);
      if (!head) return;
      const after = this.#buffer.subarray(head.length);
      this.#buffer = Buffer.alloc(0);
      const body = this.onHead(head);
      this.onBytes(head.length, true);
      if (body === "raw") {
        this.#raw = true;
        if (after.length > 0) this.onBytes(after.length, false);
        return;
      }
      if (body.ended) this.onEnd();
      else this.#body = body;
      rest = after;
    }
  }
}

export function bodyOf(headers: Map<string, string>, fallback: "none" | "until-close"): BodyReader {
  if (/\bchunked\b/i.test(headers.get("transfer-encoding") ?? "")) return new BodyReader("chunked");
  const length = headers.get("content-length");
  if (length !== undefined) return new BodyReader({ length: Number(length) });
  return new BodyReader(fallback === "none" ? { length: 0 } : "until-close");
}
