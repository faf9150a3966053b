import type { Element, ElementContent, Root, RootContent } from "hast";
import type { LanguageFn } from "highlight.js";
import { createLowlight } from "lowlight";

/*
 * Syntax highlighting of code blocks, as the published pages have it (lowlight's common grammars,
 * classes `hljs` and `hljs-*`), but each grammar loaded only when a page shows a block in its
 * language: the 37 grammars would otherwise weigh more than everything else a page loads.
 */

const GRAMMARS: Record<string, () => Promise<{ default: LanguageFn }>> = {
  arduino: () => import("highlight.js/lib/languages/arduino"),
  bash: () => import("highlight.js/lib/languages/bash"),
  c: () => import("highlight.js/lib/languages/c"),
  cpp: () => import("highlight.js/lib/languages/cpp"),
  csharp: () => import("highlight.js/lib/languages/csharp"),
  css: () => import("highlight.js/lib/languages/css"),
  diff: () => import("highlight.js/lib/languages/diff"),
  go: () => import("highlight.js/lib/languages/go"),
  graphql: () => import("highlight.js/lib/languages/graphql"),
  ini: () => import("highlight.js/lib/languages/ini"),
  java: () => import("highlight.js/lib/languages/java"),
  javascript: () => import("highlight.js/lib/languages/javascript"),
  json: () => import("highlight.js/lib/languages/json"),
  kotlin: () => import("highlight.js/lib/languages/kotlin"),
  less: () => import("highlight.js/lib/languages/less"),
  lua: () => import("highlight.js/lib/languages/lua"),
  makefile: () => import("highlight.js/lib/languages/makefile"),
  markdown: () => import("highlight.js/lib/languages/markdown"),
  objectivec: () => import("highlight.js/lib/languages/objectivec"),
  perl: () => import("highlight.js/lib/languages/perl"),
  php: () => import("highlight.js/lib/languages/php"),
  "php-template": () => import("highlight.js/lib/languages/php-template"),
  plaintext: () => import("highlight.js/lib/languages/plaintext"),
  python: () => import("highlight.js/lib/languages/python"),
  "python-repl": () => import("highlight.js/lib/languages/python-repl"),
  r: () => import("highlight.js/lib/languages/r"),
  ruby: () => import("highlight.js/lib/languages/ruby"),
  rust: () => import("highlight.js/lib/languages/rust"),
  scss: () => import("highlight.js/lib/languages/scss"),
  shell: () => import("highlight.js/lib/languages/shell"),
  sql: () => import("highlight.js/lib/languages/sql"),
  swift: () => import("highlight.js/lib/languages/swift"),
  typescript: () => import("highlight.js/lib/languages/typescript"),
  vbnet: () => import("highlight.js/lib/languages/vbnet"),
  wasm: () => import("highlight.js/lib/languages/wasm"),
  xml: () => import("highlight.js/lib/languages/xml"),
  yaml: () => import("highlight.js/lib/languages/yaml"),
};

/** The grammars' own aliases (each grammar's `aliases`): what a block may be marked with besides the grammar's name. */
const ALIASES: Record<string, string[]> = {
  arduino: ["ino"],
  bash: ["sh", "zsh"],
  c: ["h"],
  cpp: ["cc", "c++", "h++", "hpp", "hh", "hxx", "cxx"],
  csharp: ["cs", "c#"],
  diff: ["patch"],
  go: ["golang"],
  graphql: ["gql"],
  ini: ["toml"],
  java: ["jsp"],
  javascript: ["js", "jsx", "mjs", "cjs"],
  json: ["jsonc", "json5"],
  kotlin: ["kt", "kts"],
  lua: ["pluto"],
  makefile: ["mk", "mak", "make"],
  markdown: ["md", "mkdown", "mkd"],
  objectivec: ["mm", "objc", "obj-c", "obj-c++", "objective-c++"],
  perl: ["pl", "pm"],
  plaintext: ["text", "txt"],
  python: ["py", "gyp", "ipython"],
  "python-repl": ["pycon"],
  ruby: ["rb", "gemspec", "podspec", "thor", "irb"],
  rust: ["rs"],
  shell: ["console", "shellsession"],
  typescript: ["ts", "tsx", "mts", "cts"],
  vbnet: ["vb"],
  xml: ["html", "xhtml", "rss", "atom", "xjb", "xsd", "xsl", "plist", "wsf", "svg"],
  yaml: ["yml"],
};

/** Grammars whose code embeds another's (`subLanguage`): highlighted alike only with those registered too. */
const EMBEDS: Record<string, string[]> = {
  javascript: ["css", "graphql", "xml"],
  typescript: ["css", "graphql", "xml"],
  xml: ["css", "javascript"],
  markdown: ["xml"],
  "php-template": ["php", "xml"],
  "python-repl": ["python"],
  shell: ["bash"],
  yaml: ["ruby"],
};

const GRAMMAR_OF = new Map<string, string>(Object.keys(GRAMMARS).flatMap((name) => [[name, name], ...(ALIASES[name] ?? []).map((alias) => [alias, name] as [string, string])]));

const loaded = new Map<string, LanguageFn>();
const loading = new Map<string, Promise<void>>();

/** A fenced block's language, as remark reads it: the first word of the fence's info string. */
const FENCE = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)*(?:`{3,}|~{3,})[ \t]*([^\s`]+)/gm;

/** The grammars the fenced code of `markdown` needs, with those they embed, by name. */
export function grammarsOf(markdown: string): string[] {
  const names = new Set<string>();
  const add = (name: string) => {
    if (names.has(name)) return;
    names.add(name);
    for (const embedded of EMBEDS[name] ?? []) add(embedded);
  };
  for (const [, language] of markdown.matchAll(FENCE)) {
    const name = GRAMMAR_OF.get(language!.toLowerCase());
    if (name) add(name);
  }
  return [...names].sort();
}

/** Whether every grammar named has loaded. */
export function grammarsLoaded(names: string[]): boolean {
  return names.every((name) => loaded.has(name));
}

/** Loads the grammars named; one promise per set still loading (what React's `use` waits on). */
export function loadGrammars(names: string[]): Promise<void> {
  const missing = names.filter((name) => !loaded.has(name));
  const key = missing.join(" ");
  let promise = loading.get(key);
  if (!promise) {
    promise = Promise.all(missing.map(async (name) => loaded.set(name, (await GRAMMARS[name]!()).default))).then(() => {
      loading.delete(key);
    });
    loading.set(key, promise);
  }
  return promise;
}

/** The grammars named, loaded. */
export function grammarsNamed(names: string[]): Record<string, LanguageFn> {
  return Object.fromEntries(names.flatMap((name) => (loaded.has(name) ? [[name, loaded.get(name)!]] : [])));
}

// The server renders pages with code often: it has every grammar at hand from its start.
if (typeof window === "undefined") void loadGrammars(Object.keys(GRAMMARS));

/**
 * A rehype plugin highlighting `pre > code` blocks marked with a language (`language-x`, `lang-x`;
 * `no-highlight` opts out) with the grammars given, as rehype-highlight does without detection: a
 * block in a language not given keeps its text.
 */
export function rehypeCodeHighlight({ grammars }: { grammars: Record<string, LanguageFn> }) {
  const lowlight = createLowlight(grammars);
  return (tree: Root) => {
    const visit = (node: Root | Element) => {
      for (const child of node.children) {
        if (child.type !== "element") continue;
        if (node.type === "element" && node.tagName === "pre" && child.tagName === "code") highlight(child);
        else visit(child);
      }
    };
    const highlight = (code: Element) => {
      const language = languageOf(code);
      if (!language) return;
      const classes = Array.isArray(code.properties.className) ? code.properties.className : [];
      code.properties.className = classes.includes("hljs") ? classes : ["hljs", ...classes];
      if (!lowlight.registered(language)) return;
      const result = lowlight.highlight(language, textOf(code), {});
      if (result.children.length > 0) code.children = result.children as ElementContent[];
    };
    visit(tree);
  };
}

function languageOf(code: Element): string | undefined {
  const classes = code.properties.className;
  if (!Array.isArray(classes)) return undefined;
  let name: string | undefined;
  for (const value of classes.map(String)) {
    if (value === "no-highlight" || value === "nohighlight") return undefined;
    if (!name && value.startsWith("lang-")) name = value.slice(5);
    if (!name && value.startsWith("language-")) name = value.slice(9);
  }
  return name;
}

function textOf(node: Element | RootContent): string {
  if (node.type === "text") return node.value;
  return "children" in node ? node.children.map(textOf).join("") : "";
}
