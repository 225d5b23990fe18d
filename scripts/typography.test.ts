// Every piece of copy in the sources has its French no-break spaces (domain/typography.ts): a
// failure lists the strings; `npm run typography` fixes them.
import { describe, expect, it } from "vitest";
import { NBSP, NNBSP } from "../domain/typography.ts";
import { checkTypography, typesetSource } from "./typography.ts";

describe("French typography in the sources", () => {
  it("rewrites strings, template parts and JSX text, and nothing else", () => {
    const source = [
      'const a = "Retirer ce match ?";',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source code under test, not a template.
      "const b = `${n} photo : ${name}`;",
      'const c = <p>Vous avez déjà un compte ?{" "}<a className="sm:px-2">Oui</a></p>;',
      "const d = x ? y : z; // a ? b : c",
    ].join("\n");
    const { source: out, issues } = typesetSource("x.tsx", source);
    expect(out.split("\n")).toEqual([
      `const a = "Retirer ce match${NNBSP}?";`,
      `const b = \`\${n} photo${NBSP}: \${name}\`;`,
      `const c = <p>Vous avez déjà un compte${NNBSP}?{" "}<a className="sm:px-2">Oui</a></p>;`,
      "const d = x ? y : z; // a ? b : c",
    ]);
    expect(issues.map((i) => i.line)).toEqual([1, 2, 3]);
  });

  it("makes apostrophes typographic in copy, never in SQL nor in the code's patterns (issue 34)", () => {
    const source = [
      `const a = "Vous avez aimé Awa : c'est noté";`,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source code under test, not a template.
      "const b = `Profil d'${name}`;",
      `const c = x ? "d'" : "de ";`,
      "const d = sql`SELECT 'it''s' WHERE l.type = 'like'`;",
      "const e = /besoin d'argent/;",
      "const f = <p>Aujourd'hui</p>;",
    ].join("\n");
    const { source: out } = typesetSource("x.tsx", source);
    expect(out.split("\n")).toEqual([
      `const a = "Vous avez aimé Awa${NBSP}: c\u2019est noté";`,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source code under test, not a template.
      "const b = `Profil d\u2019${name}`;",
      `const c = x ? "d\u2019" : "de ";`,
      "const d = sql`SELECT 'it''s' WHERE l.type = 'like'`;",
      "const e = /besoin d'argent/;",
      "const f = <p>Aujourd\u2019hui</p>;",
    ]);
    // A test quotes the copy: its apostrophes follow, in its regular expressions too; not its spaces.
    const test = typesetSource(
      "x.test.ts",
      `expect(t).toBe("C'est un match !"); expect(t).toMatch(/^J'aime/);`,
    );
    expect(test.source).toBe(`expect(t).toBe("C\u2019est un match !"); expect(t).toMatch(/^J\u2019aime/);`);
  });

  it("finds no copy left with a breakable space", () => {
    const issues = checkTypography();
    expect(issues.map((i) => `${i.file}:${i.line}: ${i.text}`)).toEqual([]);
  });
});
