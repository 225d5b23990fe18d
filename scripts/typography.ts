// French typography in the sources: applies domain/typography.ts to every string, template and JSX
// text of the code (interface copy, API messages, e-mails, demo texts, and the tests that quote
// them), so that the copy is written with ordinary spaces and typewriter apostrophes and stored with
// no-break spaces and typographic apostrophes (’, issue 34).
//   npm run typography          rewrites the files that need it
//   npm run typography -- --check  lists them and exits 1 (scripts/typography.test.ts runs the check)
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { APOSTROPHE, frenchSpaces, frenchTypography, typographicApostrophes } from "../domain/typography.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
/** Git pathspecs: a "*" also matches "/" (every folder below). */
const PATTERNS = ["web/*.ts", "web/*.tsx", "domain/*.ts", "server/*.ts", "scripts/*.ts", "e2e/*.ts"];
/**
 * Tests and journeys keep plain spaces: Testing Library and Playwright compare them with the page's
 * text once its spaces are collapsed (a no-break space becomes a plain one); a test that compares an
 * API's message exactly spells it `frenchTypography("…")`. Their apostrophes are typographic like
 * the copy's, which they quote — in their regular expressions too. The helpers and this tool, and
 * their tests, hold the punctuation as data.
 */
const isExcluded = (file: string) =>
  [
    "domain/typography.ts",
    "domain/typography.test.ts",
    "scripts/typography.ts",
    "scripts/typography.test.ts",
  ].includes(file);
const isTest = (file: string) =>
  /\.(test|spec)\.tsx?$/.test(file) || file.startsWith("server/test/") || file.startsWith("e2e/");

const ESCAPED_SPACES = /\\u00a0|\\u202f|\\xa0/gi;
const UNESCAPED: Record<string, string> = { "\\u00a0": "\u00a0", "\\xa0": "\u00a0", "\\u202f": "\u202f" };

export interface TypographyIssue {
  file: string;
  line: number;
  text: string;
}

function sourceFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", ...PATTERNS], {
    cwd: ROOT,
    encoding: "utf8",
  });
  // A tracked file deleted in the work tree is still listed by git until the deletion is staged.
  const exists = (f: string) => existsSync(path.join(ROOT, f));
  return out
    .split("\n")
    .filter((f) => f && !isExcluded(f) && exists(f))
    .sort();
}

interface CopyRange {
  start: number;
  end: number;
  jsx: boolean;
  /** A regular expression literal (only a test's: a pattern of the code matches what members type). */
  regex: boolean;
  /** A part of a sql`…` template: SQL, whose quotes are not apostrophes. */
  sql: boolean;
  /** The head or a middle part of a template with substitutions. */
  template: boolean;
}

/** Whether `node` is a part of a template tagged `sql`. */
function inSqlTemplate(node: ts.Node): boolean {
  let n: ts.Node | undefined = node.parent;
  while (n && (ts.isTemplateSpan(n) || ts.isTemplateExpression(n))) n = n.parent;
  return n !== undefined && ts.isTaggedTemplateExpression(n) && n.tag.getText() === "sql";
}

/** The copy-bearing nodes of a file: string literals, template parts and JSX text, as source ranges. */
function copyRanges(file: string, source: string): CopyRange[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const ranges: CopyRange[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node) ||
      ts.isRegularExpressionLiteral(node)
    ) {
      ranges.push({
        start: node.getStart(sf),
        end: node.getEnd(),
        jsx: ts.isJsxText(node),
        regex: ts.isRegularExpressionLiteral(node),
        sql: inSqlTemplate(node),
        template: ts.isTemplateHead(node) || ts.isTemplateMiddle(node),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return ranges;
}

/** In a template, an elision before a substitution: « d'${name} », « qu'${pronoun} ». */
const ELISION_BEFORE_SUBSTITUTION = /(?<=\p{L})'(?=\$\{)/gu;
/** A string that is an elided word alone, put before a name: "d'", "l'", "qu'". */
const ELIDED_WORD = /^(["`])(\p{L}{1,3})'\1$/u;

/** What a range of a file becomes: sources get it all, tests their apostrophes; SQL its spaces only. */
function typeset(text: string, range: CopyRange, test: boolean): string {
  if (range.sql) return test ? text : frenchSpaces(text);
  if (range.regex) return test ? typographicApostrophes(text) : text;
  const elided = range.template
    ? text.replace(ELISION_BEFORE_SUBSTITUTION, APOSTROPHE)
    : text.replace(ELIDED_WORD, `$1$2${APOSTROPHE}$1`);
  return test ? typographicApostrophes(elided) : frenchTypography(elided);
}

/** Applies the typography to a file's copy; returns the new source and what changed. */
export function typesetSource(file: string, source: string): { source: string; issues: TypographyIssue[] } {
  const issues: TypographyIssue[] = [];
  let result = "";
  let last = 0;
  const test = isTest(file);
  for (const range of copyRanges(file, source)) {
    const { start, end, jsx, regex } = range;
    const raw = source.slice(start, end);
    // In a string or template, an escaped no-break space is one (it stays escaped unless the
    // string needs another fix, which then writes them all out). A test keeps its spaces as written.
    const plain =
      jsx || regex || test ? raw : raw.replace(ESCAPED_SPACES, (e) => UNESCAPED[e.toLowerCase()]!);
    const fixed = typeset(plain, range, test);
    if (fixed === plain) continue;
    const line = source.slice(0, start).split("\n").length;
    issues.push({ file, line, text: raw.trim().replace(/\s+/g, " ").slice(0, 120) });
    result += source.slice(last, start) + fixed;
    last = end;
  }
  return { source: result + source.slice(last), issues };
}

export function checkTypography(): TypographyIssue[] {
  return sourceFiles().flatMap(
    (file) => typesetSource(file, readFileSync(path.join(ROOT, file), "utf8")).issues,
  );
}

function main() {
  const check = process.argv.includes("--check");
  let count = 0;
  for (const file of sourceFiles()) {
    const full = path.join(ROOT, file);
    const before = readFileSync(full, "utf8");
    const { source, issues } = typesetSource(file, before);
    for (const i of issues) console.log(`${i.file}:${i.line}: ${i.text}`);
    count += issues.length;
    if (!check && issues.length > 0) writeFileSync(full, source);
  }
  console.log(
    check
      ? `${count} string(s) without French no-break spaces or typographic apostrophes`
      : `${count} string(s) given French no-break spaces and typographic apostrophes; run npm run format`,
  );
  if (check && count > 0) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
