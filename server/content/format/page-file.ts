import { DEFAULT_PAGE_LAYOUT, sameLayout, type PageLayout } from "../page-display";
import { formatFrontMatter, type FrontMatter } from "./front-matter";

/**
 * A page as GitBook writes it to a file (Git Sync's export): front matter with its settings, its
 * title as a `# ` heading, then its body. Read by `readMarkdownMeta` when a page is written from
 * markdown; written here, as Git Sync will write it.
 */
export type PageFileFields = {
  title: string;
  description?: string;
  icon?: string;
  emoji?: string;
  hidden?: boolean;
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  /** The cover image as the file names it (a path or a URL), with its vertical position and height. */
  cover?: { src: string; yPos?: number; height?: number };
  condition?: string;
  layout?: PageLayout;
};

export type PageFile = PageFileFields & { body: string };

/** The page fields GitBook's front matter sets (title aside: the file's `# ` heading carries it). */
export function frontMatterFields(matter: FrontMatter): Omit<PageFileFields, "title"> & { title?: string } {
  const text = (key: string) => (typeof matter[key] === "string" ? (matter[key] as string) : typeof matter[key] === "number" ? String(matter[key]) : undefined);
  const flag = (key: string) => (typeof matter[key] === "boolean" ? (matter[key] as boolean) : undefined);
  const number = (key: string) => (typeof matter[key] === "number" ? (matter[key] as number) : undefined);
  const fields: Omit<PageFileFields, "title"> & { title?: string } = {};
  const set = <K extends keyof PageFileFields>(key: K, value: PageFileFields[K] | undefined) => {
    if (value !== undefined && value !== "") fields[key] = value;
  };
  set("title", text("title"));
  if (text("description") !== undefined) fields.description = text("description");
  set("icon", text("icon"));
  set("emoji", text("emoji"));
  set("hidden", flag("hidden"));
  set("noIndex", flag("noIndex"));
  set("noRobotsIndex", flag("noRobotsIndex"));
  set("condition", text("if"));
  const cover = text("cover");
  if (cover) fields.cover = { src: cover, ...(number("coverY") !== undefined ? { yPos: number("coverY") } : {}), ...(number("coverHeight") !== undefined ? { height: number("coverHeight") } : {}) };
  if (typeof matter.layout === "object") fields.layout = layoutOf(matter.layout);
  return fields;
}

const VISIBLE = ["title", "description", "tableOfContents", "outline", "pagination", "metadata", "tags", "actions"] as const;

function layoutOf(matter: FrontMatter): PageLayout {
  const layout: PageLayout = { ...DEFAULT_PAGE_LAYOUT };
  if (matter.width === "wide" || matter.width === "default") layout.width = matter.width;
  const cover = typeof matter.cover === "object" ? matter.cover : undefined;
  if (cover) {
    if (typeof cover.visible === "boolean") layout.cover = cover.visible;
    if (cover.size === "hero" || cover.size === "full" || cover.size === "background") layout.coverSize = cover.size;
    if (cover.mask === "none" || cover.mask === "radial") layout.coverMask = cover.mask;
  }
  for (const option of VISIBLE) {
    const value = matter[option];
    if (typeof value === "object" && typeof value.visible === "boolean") layout[option] = value.visible;
  }
  return layout;
}

/** GitBook's front matter for a page's fields, keys in GitBook's order. */
function frontMatterOf(fields: PageFileFields): FrontMatter {
  const matter: FrontMatter = {};
  if (fields.description) matter.description = fields.description;
  if (fields.hidden) matter.hidden = true;
  if (fields.noIndex) matter.noIndex = true;
  if (fields.noRobotsIndex) matter.noRobotsIndex = true;
  if (fields.icon) matter.icon = fields.icon;
  if (fields.emoji) matter.emoji = fields.emoji;
  if (fields.cover) {
    matter.cover = fields.cover.src;
    if (fields.cover.yPos !== undefined) matter.coverY = fields.cover.yPos;
    if (fields.cover.height !== undefined) matter.coverHeight = fields.cover.height;
  }
  if (fields.condition) matter.if = fields.condition;
  if (fields.layout && !sameLayout(fields.layout, DEFAULT_PAGE_LAYOUT)) {
    const { layout } = fields;
    const visible = (value: boolean) => ({ visible: value });
    matter.layout = {
      width: layout.width,
      ...(fields.cover ? { cover: { visible: layout.cover, size: layout.coverSize, ...(layout.coverMask !== "none" ? { mask: layout.coverMask } : {}) } } : {}),
      ...Object.fromEntries(VISIBLE.map((option) => [option, visible(layout[option])])),
    };
  }
  return matter;
}

/** A page as GitBook writes its file: front matter with its settings, its title as a `# ` heading, then its body. */
export function writePageFile(page: PageFile): string {
  const matter = formatFrontMatter(frontMatterOf(page));
  const head = `${matter}${matter && page.title ? "\n" : ""}${page.title ? `# ${page.title}\n` : ""}`;
  if (page.body.trim() === "") return head;
  return head ? `${head}\n${page.body}` : page.body;
}
