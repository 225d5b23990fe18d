import { readFileSync } from "node:fs";
import { emailSchema } from "@domain/auth.ts";
import { profileUpdateSchema } from "@domain/profile.ts";
import { describe, expect, it } from "vitest";

describe("web/public/admin/exemple-import.json", () => {
  const file = JSON.parse(readFileSync("web/public/admin/exemple-import.json", "utf8")) as {
    members: Record<string, unknown>[];
  };

  it("holds five members, each valid under the profile rules", () => {
    expect(file.members).toHaveLength(5);
    for (const { email, ...profile } of file.members) {
      expect(emailSchema.safeParse(email).success).toBe(true);
      const parsed = profileUpdateSchema.safeParse(profile);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }
  });

  it("shows every profile field, the optional ones included", () => {
    const used = new Set(file.members.flatMap((m) => Object.keys(m)));
    expect([...used].sort()).toEqual(["email", ...Object.keys(profileUpdateSchema.shape)].sort());
  });

  it("uses distinct e-mails", () => {
    const emails = file.members.map((m) => m.email);
    expect(new Set(emails).size).toBe(emails.length);
  });
});
