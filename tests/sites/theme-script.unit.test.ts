import { describe, expect, test } from "vitest";
import { THEME_SCRIPT } from "../../server/sites/serve/render/chrome";

/**
 * The published page's inline theme script (it runs before the first paint), over the cases that
 * decide a reader's theme: where the site lets readers switch, their stored choice, else the
 * system's preference, whatever the site's default; where it does not, the site's default.
 */

type Case = { default: "light" | "dark" | "system"; toggle: boolean; stored: string | null; systemDark: boolean };

function classListOf(classes: Set<string>) {
  return { add: (name: string) => classes.add(name), toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) };
}

/**
 * Runs the script against an <html> with the site's attributes, the reader's storage and the system's
 * preference; whether it went dark, and a way to switch the system's setting (as a reader's OS does).
 */
function run(input: Case) {
  const classes = new Set<string>();
  const attributes: Record<string, string> = { "data-theme": input.default, ...(input.toggle ? { "data-theme-toggle": "" } : {}) };
  const documentElement = { getAttribute: (name: string) => attributes[name] ?? null, hasAttribute: (name: string) => name in attributes, classList: classListOf(classes) };
  const localStorage = { getItem: (key: string) => (key === "quire-theme" ? input.stored : null) };
  const listeners: (() => void)[] = [];
  const system = { matches: input.systemDark, addEventListener: (_type: "change", listener: () => void) => listeners.push(listener) };
  const matchMedia = (query: string) => (query === "(prefers-color-scheme: dark)" ? system : { matches: false, addEventListener() {} });
  new Function("document", "localStorage", "matchMedia", THEME_SCRIPT)({ documentElement }, localStorage, matchMedia);
  return {
    dark: () => classes.has("dark"),
    setSystemDark(dark: boolean) {
      system.matches = dark;
      listeners.forEach((listener) => listener());
    },
  };
}

const darkAfter = (input: Case) => run(input).dark();

describe("the theme before the first paint", () => {
  test.each<[string, Case, boolean]>([
    ["a site that lets readers switch follows a dark system, its default being light", { default: "light", toggle: true, stored: null, systemDark: true }, true],
    ["… and a light system, its default being dark", { default: "dark", toggle: true, stored: null, systemDark: false }, false],
    ["the reader's choice wins over the system", { default: "light", toggle: true, stored: "light", systemDark: true }, false],
    ["… either way", { default: "light", toggle: true, stored: "dark", systemDark: false }, true],
    ["the app's own “same as system” choice (on the same origin) is the system's", { default: "light", toggle: true, stored: "system", systemDark: true }, true],
    ["a site that does not let readers switch forces its default over the system", { default: "light", toggle: false, stored: null, systemDark: true }, false],
    ["… and over a choice stored before switching was turned off", { default: "dark", toggle: false, stored: "light", systemDark: false }, true],
    ["… unless its default is the system's", { default: "system", toggle: false, stored: null, systemDark: true }, true],
  ])("%s", (_name, input, dark) => {
    expect(darkAfter(input)).toBe(dark);
  });

  test("storage that throws (blocked cookies) falls back to the system", () => {
    const classes = new Set<string>();
    const documentElement = { getAttribute: () => "light", hasAttribute: () => true, classList: classListOf(classes) };
    const localStorage = {
      getItem: () => {
        throw new Error("blocked");
      },
    };
    new Function("document", "localStorage", "matchMedia", THEME_SCRIPT)({ documentElement }, localStorage, () => ({ matches: true, addEventListener() {} }));
    expect(classes.has("dark")).toBe(true);
  });
});

describe("the theme when the system's setting changes on an open page", () => {
  test.each<[string, Case, [boolean, boolean]]>([
    ["a page following the system turns dark, then light again", { default: "light", toggle: true, stored: null, systemDark: false }, [true, false]],
    ["… on a site whose default is the system's", { default: "system", toggle: false, stored: null, systemDark: false }, [true, false]],
    ["the reader's choice stays", { default: "light", toggle: true, stored: "light", systemDark: false }, [false, false]],
    ["a site's forced default stays", { default: "dark", toggle: false, stored: null, systemDark: true }, [true, true]],
  ])("%s", (_name, input, [afterDark, afterLight]) => {
    const page = run(input);
    page.setSystemDark(true);
    expect(page.dark()).toBe(afterDark);
    page.setSystemDark(false);
    expect(page.dark()).toBe(afterLight);
  });
});
