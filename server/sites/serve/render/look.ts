import type { Settings } from "../../customization/settings";
import { esc } from "./html";

/**
 * The customization's look as CSS: colors become custom properties (made readable — a link color
 * is darkened or lightened until it keeps 4.5:1 on its background, so no customization makes a
 * site fail contrast), the theme, corners and fonts become classes and font stacks. The settings
 * were validated on write (server/sites/customization/schemas.ts); everything written into CSS is
 * still escaped, since the stylesheet sits in the page.
 */

export type Rgb = [number, number, number];
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
export const group = (settings: Settings, key: string): Record<string, unknown> => (isObject(settings[key]) ? settings[key] : {});

export function parseColor(value: unknown): Rgb | null {
  const match = typeof value === "string" ? /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value) : null;
  if (!match) return null;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join("") : match[1]!;
  return [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16)) as Rgb;
}

export const hex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
/** The color as it will be written (whole channels), so that a contrast checked is the contrast shown. */
const round = (rgb: Rgb): Rgb => rgb.map((c) => Math.round(c)) as Rgb;
const mix = (a: Rgb, b: Rgb, amount: number): Rgb => a.map((c, i) => c + (b[i]! - c) * amount) as Rgb;

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrast(a: Rgb, b: Rgb): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
/** The page backgrounds of site.css (light: white; dark: slate-950-like). */
export const LIGHT_BG: Rgb = [255, 255, 255];
export const DARK_BG: Rgb = [14, 17, 23];
/** WCAG AA for text, with a margin for the browser's own rounding. */
const TEXT_RATIO = 4.6;

/** `color` moved toward black or white (whichever the background is not) until it reads on `background`. */
function readable(color: Rgb, background: Rgb, ratio = 4.6): Rgb {
  const toward = luminance(background) > 0.5 ? BLACK : WHITE;
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(color, toward, step / 20);
    if (contrast(candidate, background) >= ratio) return candidate;
  }
  return toward;
}

/** Text on a filled background (a primary button, the bold header): white or near-black, whichever reads. */
const onFill = (fill: Rgb): Rgb => (contrast(WHITE, fill) >= 4.5 ? WHITE : contrast([17, 24, 39], fill) >= contrast(WHITE, fill) ? [17, 24, 39] : WHITE);

/** Fill a button can use with its text: darkened until white text (or dark text) reaches 4.5:1. */
function fillable(color: Rgb): Rgb {
  if (contrast(WHITE, color) >= 4.5 || contrast([17, 24, 39], color) >= 4.5) return color;
  return readable(color, WHITE, 4.6);
}

function themed(value: unknown, fallback: string): { light: Rgb; dark: Rgb } {
  const pick = (mode: "light" | "dark") => parseColor(isObject(value) ? value[mode] : undefined) ?? parseColor(fallback)!;
  return { light: pick("light"), dark: pick("dark") };
}

const SYSTEM_SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
const SYSTEM_SERIF = 'Georgia, Cambria, "Times New Roman", serif';
const SYSTEM_MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
/** Font names of the reference as their families are called, used when the visitor has them installed; otherwise the system's. */
const FONT_FAMILIES: Record<string, string> = {
  ABCFavorit: "ABC Favorit",
  Inter: "Inter",
  Roboto: "Roboto",
  RobotoSlab: "Roboto Slab",
  OpenSans: "Open Sans",
  SourceSansPro: "Source Sans Pro",
  Lato: "Lato",
  Ubuntu: "Ubuntu",
  Raleway: "Raleway",
  Merriweather: "Merriweather",
  Overpass: "Overpass",
  NotoSans: "Noto Sans",
  IBMPlexSerif: "IBM Plex Serif",
  Poppins: "Poppins",
  FiraSans: "Fira Sans",
  FiraMono: "Fira Mono",
  IBMPlexMono: "IBM Plex Mono",
  JetBrainsMono: "JetBrains Mono",
  SourceCodePro: "Source Code Pro",
  RobotoMono: "Roboto Mono",
};
const SERIFS = new Set(["RobotoSlab", "Merriweather", "IBMPlexSerif"]);

/** A string inside CSS quotes: quotes, backslashes, line breaks and `<` (which could close the style element) escaped. */
const cssString = (value: string) => `"${value.replace(/["\\\n\r<]/g, (char) => `\\${char.charCodeAt(0).toString(16)} `)}"`;

/** A font setting's family stack, and the @font-face rules of a custom font definition. */
function font(setting: unknown, fallback: string, serifFallback = false): { stack: string; faces: string } {
  if (typeof setting === "string") {
    const family = FONT_FAMILIES[setting];
    return { stack: family ? `${cssString(family)}, ${SERIFS.has(setting) && serifFallback ? SYSTEM_SERIF : fallback}` : fallback, faces: "" };
  }
  if (!isObject(setting) || typeof setting.fontFamily !== "string" || !Array.isArray(setting.fontFaces)) return { stack: fallback, faces: "" };
  const family = cssString(setting.fontFamily);
  const faces = setting.fontFaces
    .filter(isObject)
    .map((face) => {
      const sources = (Array.isArray(face.sources) ? face.sources : [])
        .filter(isObject)
        .filter((source) => typeof source.url === "string" && /^https?:\/\//.test(source.url))
        .map((source) => `url(${cssString(source.url as string)})${source.format === "woff" || source.format === "woff2" ? ` format("${source.format}")` : ""}`);
      const weight = typeof face.weight === "number" ? Math.min(1000, Math.max(1, Math.round(face.weight))) : 400;
      return sources.length > 0 ? `@font-face{font-family:${family};font-weight:${weight};font-display:swap;src:${sources.join(",")}}` : "";
    })
    .join("");
  return { stack: `${family}, ${fallback}`, faces };
}

export type ThemeMode = "light" | "dark" | "system";

export type Look = {
  /** Classes for <html>: theme, corners. */
  htmlClass: string;
  /** The <style> element's text: custom properties for light and dark, fonts. */
  css: string;
  defaultMode: ThemeMode;
  toggleable: boolean;
  logo: { light: string; dark: string } | null;
  /** `<link rel="icon">` tags. */
  faviconTags: string;
  externalLinksTarget: "self" | "blank";
};

const THEMES = new Set(["clean", "muted", "bold", "gradient"]);
const CORNERS: Record<string, string> = { straight: "2px", rounded: "8px", circular: "12px" };

type HintKind = "info" | "success" | "warning" | "danger";
const mapHints = (hints: Record<HintKind, { light: Rgb; dark: Rgb }>, mode: "light" | "dark") =>
  Object.fromEntries(Object.entries(hints).map(([kind, color]) => [kind, color[mode]])) as Record<HintKind, Rgb>;

/**
 * The bold theme's header: the primary color as its background, with text colors derived from the
 * primary (its shade near white or near black, whichever reads) that keep 4.5:1 on it — the text, the
 * sections not shown (`--header-muted`) and the search field's text on its lighter or darker field
 * (`--header-field`). A mid-tone primary that no text shade can meet is darkened or lightened, a
 * twentieth at a time, until every pair does.
 */
export function headerColors(primary: Rgb, mode: "light" | "dark"): { bg: Rgb; fg: Rgb; muted: Rgb; field: Rgb } {
  const start = mode === "light" ? primary : mix(primary, DARK_BG, 0.35);
  const lightText = round(mix(primary, WHITE, 0.94));
  const darkText = round(mix(primary, BLACK, 0.86));
  const fg = contrast(lightText, start) >= contrast(darkText, start) ? lightText : darkText;
  const away = fg === lightText ? BLACK : WHITE;
  for (let step = 0; ; step++) {
    const bg = round(mix(start, away, Math.min(step, 20) / 20));
    const field = round(mix(bg, fg, 0.14));
    if (step >= 20 || (contrast(fg, bg) >= TEXT_RATIO && contrast(fg, field) >= TEXT_RATIO)) return { bg, fg, muted: mutedText(fg, bg), field };
  }
}

/** Text a step quieter than `fg` on `bg` (up to 30% of the way to it) that still reads. */
function mutedText(fg: Rgb, bg: Rgb): Rgb {
  for (const share of [0.3, 0.25, 0.2, 0.15, 0.1, 0.05]) {
    const candidate = round(mix(fg, bg, share));
    if (contrast(candidate, bg) >= TEXT_RATIO) return candidate;
  }
  return fg;
}

/** The colors a theme derives from the customization, as custom properties, for the light or the dark scheme. */
export function paletteOf(input: { theme: string; primary: Rgb; tint: Rgb | null; hints: Record<HintKind, Rgb> }, mode: "light" | "dark"): Record<string, string> {
  const { theme, primary: base, tint } = input;
  const background = mode === "light" ? LIGHT_BG : DARK_BG;
  const fill = fillable(mode === "light" ? base : readable(base, DARK_BG, 3));
  const tintColor = tint ?? base;
  const soft = mix(tintColor, background, mode === "light" ? 0.9 : 0.82);
  const out: Record<string, string> = {
    // Readable on the soft tint (the current page's highlight), and so on the plain background too.
    "--primary": hex(readable(base, soft)),
    "--primary-fill": hex(fill),
    "--on-primary": hex(onFill(fill)),
    "--primary-soft": hex(soft),
    "--tint-bg": hex(mix(tintColor, background, theme === "muted" ? (mode === "light" ? 0.95 : 0.9) : tint ? (mode === "light" ? 0.97 : 0.94) : 1)),
  };
  for (const [kind, color] of Object.entries(input.hints)) {
    out[`--${kind}`] = hex(readable(color, mix(color, background, 0.9)));
    out[`--${kind}-bg`] = hex(mix(color, background, mode === "light" ? 0.92 : 0.85));
  }
  if (theme === "bold") {
    const header = headerColors(base, mode);
    out["--header-bg"] = hex(header.bg);
    out["--header-fg"] = hex(header.fg);
    out["--header-muted"] = hex(header.muted);
    out["--header-field"] = hex(header.field);
  }
  if (theme === "gradient") out["--gradient"] = hex(mix(tintColor, background, mode === "light" ? 0.8 : 0.7));
  return out;
}

export function lookOf(settings: Settings): Look {
  const styling = group(settings, "styling");
  const theme = typeof styling.theme === "string" && THEMES.has(styling.theme) ? styling.theme : "clean";
  const primary = themed(styling.primaryColor, "#346DDB");
  const tint = isObject(styling.tint) ? themed(styling.tint.color, "#346DDB") : null;
  const hints = Object.fromEntries(
    (["info", "success", "warning", "danger"] as const).map((kind) => {
      const fallback = { info: "#787878", success: "#00C950", warning: "#FE9A00", danger: "#FB2C36" }[kind];
      return [kind, themed(styling[`${kind}Color`], fallback)];
    }),
  ) as Record<HintKind, { light: Rgb; dark: Rgb }>;
  const corners = typeof styling.corners === "string" ? (CORNERS[styling.corners] ?? CORNERS.straight!) : CORNERS.straight!;
  const body = font(styling.font, SYSTEM_SANS, true);
  const heading = styling.headingFont ? font(styling.headingFont, SYSTEM_SANS, true) : body;
  const mono = font(styling.monospaceFont, SYSTEM_MONO);

  const vars = (mode: "light" | "dark") =>
    Object.entries(paletteOf({ theme, primary: primary[mode], tint: tint ? tint[mode] : null, hints: mapHints(hints, mode) }, mode))
      .map(([name, value]) => `${name}:${value}`)
      .join(";");

  const css =
    body.faces +
    (heading === body ? "" : heading.faces) +
    mono.faces +
    `:root{${vars("light")};--radius:${corners};--font:${body.stack};--font-heading:${heading.stack};--font-mono:${mono.stack}}` +
    `:root.dark{${vars("dark")}}`;

  const themes = group(settings, "themes");
  const defaultMode: ThemeMode = themes.default === "dark" || themes.default === "system" ? themes.default : "light";
  const header = group(settings, "header");
  const logo = isObject(header.logo) && typeof header.logo.light === "string" && typeof header.logo.dark === "string" ? { light: header.logo.light, dark: header.logo.dark } : null;
  const externalLinks = group(settings, "externalLinks");

  return {
    htmlClass: `theme-${theme} corners-${typeof styling.corners === "string" && styling.corners in CORNERS ? styling.corners : "straight"}`,
    css: css.replace(/</g, "\\3c "),
    defaultMode,
    toggleable: themes.toggeable !== false,
    logo,
    faviconTags: faviconTags(settings.favicon),
    externalLinksTarget: externalLinks.target === "blank" ? "blank" : "self",
  };
}

function faviconTags(favicon: unknown): string {
  if (isObject(favicon) && isObject(favicon.icon) && typeof favicon.icon.light === "string") {
    const dark = typeof favicon.icon.dark === "string" ? favicon.icon.dark : favicon.icon.light;
    return `<link rel="icon" href="${esc(favicon.icon.light)}" media="(prefers-color-scheme: light)"><link rel="icon" href="${esc(dark)}" media="(prefers-color-scheme: dark)">`;
  }
  if (isObject(favicon) && typeof favicon.emoji === "string") {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><text y=".9em" font-size="90">${esc(favicon.emoji)}</text></svg>`;
    return `<link rel="icon" href="data:image/svg+xml,${esc(encodeURIComponent(svg))}">`;
  }
  return "";
}
