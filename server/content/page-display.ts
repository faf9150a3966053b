import { z } from "zod";
import { httpUrlSchema } from "../validation/http-url";
import { entityIdSchema } from "../ids";

/**
 * How a page is shown, as the reference's page fields: its layout options (`RevisionPageLayoutOptions`)
 * and cover (`RevisionPageDocumentCover`). A page version stores them only when set, so pages never
 * given any cost nothing and read as the defaults.
 */

/** The layout GitBook gives a page that never changed it (the `docs` preset), every option the reference requires. */
export const DEFAULT_PAGE_LAYOUT = {
  width: "default",
  cover: true,
  coverSize: "full",
  coverMask: "none",
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: true,
  actions: true,
  anchors: true,
} as const satisfies PageLayout;

export const layoutOptionsSchema = z
  .object({
    width: z.enum(["default", "wide"]),
    cover: z.boolean(),
    coverSize: z.enum(["hero", "full", "background"]),
    coverMask: z.enum(["none", "radial"]),
    title: z.boolean(),
    description: z.boolean(),
    tableOfContents: z.boolean(),
    outline: z.boolean(),
    pagination: z.boolean(),
    metadata: z.boolean(),
    tags: z.boolean(),
    actions: z.boolean(),
    anchors: z.boolean(),
  })
  .strict();

export type PageLayout = z.infer<typeof layoutOptionsSchema>;

/** The reference's layout presets (`RevisionPageLayoutPreset`), as the options they stand for. */
export const LAYOUT_PRESETS: Record<"docs" | "editorial" | "landing", PageLayout> = {
  docs: DEFAULT_PAGE_LAYOUT,
  // Long-form reading: the page's own text, no outline or pagination around it.
  editorial: { ...DEFAULT_PAGE_LAYOUT, coverSize: "hero", outline: false, pagination: false, metadata: false },
  // An entry page: full width, nothing but the page.
  landing: { ...DEFAULT_PAGE_LAYOUT, width: "wide", coverSize: "hero", tableOfContents: false, outline: false, pagination: false, metadata: false },
};

/** A layout change: a preset, or the options to change (the others stay as they are). */
export const layoutInputSchema = z.union([z.enum(["docs", "editorial", "landing"]), layoutOptionsSchema.partial()]);
export type LayoutInput = z.infer<typeof layoutInputSchema>;

/** The page's layout after `input`; undefined when that is the default (nothing is stored). */
export function applyLayout(current: PageLayout | undefined, input: LayoutInput): PageLayout | undefined {
  const next = typeof input === "string" ? LAYOUT_PRESETS[input] : { ...DEFAULT_PAGE_LAYOUT, ...current, ...input };
  return sameLayout(next, DEFAULT_PAGE_LAYOUT) ? undefined : next;
}

export const layoutOf = (page: { layout?: PageLayout }): PageLayout => page.layout ?? DEFAULT_PAGE_LAYOUT;

export function sameLayout(a: PageLayout | undefined, b: PageLayout | undefined): boolean {
  const [left, right] = [a ?? DEFAULT_PAGE_LAYOUT, b ?? DEFAULT_PAGE_LAYOUT];
  return (Object.keys(DEFAULT_PAGE_LAYOUT) as (keyof PageLayout)[]).every((option) => left[option] === right[option]);
}

const imageRefSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("file"), file: entityIdSchema }).strict(),
  z.object({ kind: z.literal("url"), url: httpUrlSchema }).strict(),
]);

/** A cover image: a file of the space or a URL, for light and (optionally) dark mode. */
export const coverSchema = z
  .object({
    ref: imageRefSchema,
    refDark: imageRefSchema.optional(),
    yPos: z.number().default(0),
    height: z.number().min(10).max(700).optional(),
  })
  .strict();
export type PageCover = z.infer<typeof coverSchema>;

/** The files a cover shows, which must be in the content. */
export const coverFiles = (cover: PageCover): string[] => [cover.ref, cover.refDark].flatMap((ref) => (ref?.kind === "file" ? [ref.file] : []));

type ImageRef = PageCover["ref"];
const sameRef = (a: ImageRef | undefined, b: ImageRef | undefined) =>
  a === b || (!!a && !!b && (a.kind === "file" ? b.kind === "file" && a.file === b.file : b.kind === "url" && a.url === b.url));

/** Field by field: stored versions come back from jsonb with their keys reordered. */
export function sameCover(a: PageCover | undefined, b: PageCover | undefined): boolean {
  if (!a || !b) return a === b;
  return sameRef(a.ref, b.ref) && sameRef(a.refDark, b.refDark) && a.yPos === b.yPos && a.height === b.height;
}
