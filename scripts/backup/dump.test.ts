// Reading storage keys out of pg_restore's COPY text: the header's columns, the field escapes and the
// array literal (the server tests read real dumps: backup.test.ts, backup-concurrency.test.ts).
import { describe, expect, it } from "vitest";
import { arrayElements, copyColumns, copyUnescape } from "./dump.ts";

describe("COPY text of a dump", () => {
  it("finds the table’s columns in its COPY header, and only that table’s", () => {
    const header = 'COPY public.profiles (user_id, first_name, "order", photos) FROM stdin;';
    expect(copyColumns(header, "profiles")).toEqual(["user_id", "first_name", "order", "photos"]);
    expect(copyColumns(header, "photo_hashes")).toBeNull();
    expect(copyColumns('COPY public."user" (id, email) FROM stdin;', "user")).toEqual(["id", "email"]);
    expect(copyColumns("SET client_encoding = 'UTF8';", "profiles")).toBeNull();
  });

  it("reads a field’s backslash escapes", () => {
    expect(copyUnescape("photos/a.jpg")).toBe("photos/a.jpg");
    expect(copyUnescape("a\\tb\\\\c\\nd\\x41\\101")).toBe("a\tb\\c\ndAA");
  });

  it("reads the elements of a text array, quoted or not, leaving NULLs out", () => {
    expect(arrayElements("{}")).toEqual([]);
    expect(arrayElements("{photos/a.jpg,photos/b.webp}")).toEqual(["photos/a.jpg", "photos/b.webp"]);
    expect(arrayElements('{"photos/a b.jpg",NULL,"NULL","x\\"y",z}')).toEqual([
      "photos/a b.jpg",
      "NULL",
      'x"y',
      "z",
    ]);
    expect(() => arrayElements("photos/a.jpg")).toThrow(/Not an array/);
  });
});
