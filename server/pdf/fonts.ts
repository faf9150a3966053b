import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";

/**
 * The fonts every PDF is set in, shipped as npm packages (Noto faces, SIL Open Font License):
 * Fontsource's Noto Sans for Latin, Cyrillic and Greek, its Arabic and Hebrew faces, Noto Sans SC
 * for CJK and Noto Sans Mono for code, and Noto Color Emoji in its COLRv1 build (Fontsource's is
 * OpenType-SVG, which Chromium does not draw: its emoji came out blank). Each face is split into
 * slices with a `unicode-range`, so Chromium fetches (and the PDF embeds, subset) only what a page uses.
 */

/** The origin-relative prefix the document asks fonts under; `fontFile` answers it. */
export const FONT_PATH_PREFIX = "/~fonts/";

/** Package, and the stylesheets (weight, style) of it the PDF uses. */
const FACES: { pkg: string; sheets: string[] }[] = [
  { pkg: "@fontsource/noto-sans", sheets: ["400.css", "400-italic.css", "700.css", "700-italic.css"] },
  { pkg: "@fontsource/noto-sans-arabic", sheets: ["400.css", "700.css"] },
  { pkg: "@fontsource/noto-sans-hebrew", sheets: ["400.css", "700.css"] },
  { pkg: "@infolektuell/noto-color-emoji", sheets: ["index.css"] },
  { pkg: "@fontsource/noto-sans-sc", sheets: ["400.css", "700.css"] },
  { pkg: "@fontsource/noto-sans-mono", sheets: ["400.css", "700.css"] },
];

/** The stacks the print stylesheet names: scripts before CJK, and emoji before CJK, whose face also draws some symbols in monochrome. */
export const FONT_STACKS = {
  text: `"Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Color Emoji", "Noto Sans SC", sans-serif`,
  mono: `"Noto Sans Mono", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Color Emoji", "Noto Sans SC", monospace`,
};

// Read from the project's node_modules as files, never bundled: the server runs from the project's folder.
const packageDir = (pkg: string) => path.join(process.cwd(), "node_modules", pkg);

/** `@fontsource/noto-sans` → `noto-sans` (the URL segment of a package's files). */
const slugOf = (pkg: string) => pkg.slice(pkg.indexOf("/") + 1);

let css: string | undefined;

/** The @font-face rules of every face, pointing at `FONT_PATH_PREFIX` (woff2 only: Chromium reads it). */
export function fontFaceCss(): string {
  css ??= FACES.flatMap(({ pkg, sheets }) =>
    sheets.map((sheet) =>
      readFileSync(path.join(packageDir(pkg), sheet), "utf8")
        .replace(/\/\*[^*]*\*\//g, "")
        .replace(/src: url\(\.\/files\/([^)]+\.woff2)\)[^;]*;/g, (_, file: string) => `src: url(${FONT_PATH_PREFIX}${slugOf(pkg)}/${file}) format('woff2');`),
    ),
  )
    .join("\n")
    .replace(/\n\s*\n/g, "\n");
  return css;
}

const FONT_FILE = /^\/~fonts\/(noto-[a-z-]+)\/([a-z0-9-]+\.woff2)$/;

/** The bytes of a font the document asked for by its path, or null when the path names none of ours. */
export async function fontFile(pathname: string): Promise<Buffer | null> {
  const match = FONT_FILE.exec(pathname);
  if (!match) return null;
  const face = FACES.find(({ pkg }) => slugOf(pkg) === match[1]);
  if (!face) return null;
  try {
    return await readFile(path.join(packageDir(face.pkg), "files", match[2]!));
  } catch {
    return null;
  }
}
