// French typography in the sources: applies domain/typography.ts to every string, template and JSX
// text of the code (interface copy, API messages, e-mails, demo texts, and the tests that quote
// them), so that the copy is written with ordinary spaces and stored with no-break ones.
//   npm run typography          rewrites the files that need it
//   npm run typography -- --check  lists them and exits 1 (scripts/typography.test.ts runs the check)
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { frenchTypography } from "../domain/typography.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
/** Git pathspecs: a "*" also matches "/" (every folder below). */
const PATTERNS = ["web/*.ts", "web/*.tsx", "domain/*.ts", "server/*.ts", "scripts/*.ts"];
/**
 * Tests and journeys keep plain spaces: Testing Library and Playwright compare them with the page's
 * text once its spaces are collapsed (a no-break space becomes a plain one); a test that compares an
 * API's message exactly spells it `frenchTypography("…")`. The helper and this tool hold the
 * punctuation as data.
 */
const isExcluded = (file: string) =>
  /\.(test|spec)\.tsx?$/.test(file) ||
  file.startsWith("server/test/") ||
  ["domain/typography.ts", "scripts/typography.ts"].includes(file);

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

/** The copy-bearing nodes of a file: string literals, template parts and JSX text, as source ranges. */
function copyRanges(file: string, source: string): { start: number; end: number; jsx: boolean }[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const ranges: { start: number; end: number; jsx: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      ranges.push({ start: node.getStart(sf), end: node.getEnd(), jsx: ts.isJsxText(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return ranges;
}

/** Applies the typography to a file's copy; returns the new source and what changed. */
export function typesetSource(file: string, source: string): { source: string; issues: TypographyIssue[] } {
  const issues: TypographyIssue[] = [];
  let result = "";
  let last = 0;
  for (const { start, end, jsx } of copyRanges(file, source)) {
    const raw = source.slice(start, end);
    // In a string or template, an escaped no-break space is one (it stays escaped unless the
    // string needs another fix, which then writes them all out).
    const plain = jsx ? raw : raw.replace(ESCAPED_SPACES, (e) => UNESCAPED[e.toLowerCase()]!);
    const fixed = frenchTypography(plain);
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
      ? `${count} string(s) without French no-break spaces`
      : `${count} string(s) given French no-break spaces; run npm run format`,
  );
  if (check && count > 0) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
