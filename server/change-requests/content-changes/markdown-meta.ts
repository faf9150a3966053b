/**
 * Page metadata carried by a markdown document, as Git Sync reads it: a front matter block
 * (`title`, `description`, `emoji` or `icon`) and, for a new page, a leading `# Heading` as its title.
 * Both are taken out of the stored markdown, which holds the page's body only.
 */
export type MarkdownMeta = { markdown: string; title?: string; description?: string; emoji?: string };

const FRONT_MATTER = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;
/** Lines a YAML front matter block is made of; a block with any other line is a thematic break and text. */
const YAML_LINE = /^(?:[A-Za-z_][\w-]*[ \t]*:.*|[ \t].*|#.*|-[ \t].*|)$/;
const LEADING_HEADING = /^(?:[ \t]*\r?\n)*[ ]{0,3}#[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*(?:\r?\n|$)(?:[ \t]*\r?\n)*/;

export function readMarkdownMeta(source: string, options: { headingAsTitle: boolean; titleMax: number }): MarkdownMeta {
  let markdown = source;
  const meta: Omit<MarkdownMeta, "markdown"> = {};
  const front = markdown.match(FRONT_MATTER);
  const lines = front?.[1]?.split(/\r?\n/) ?? [];
  if (front && lines.every((line) => YAML_LINE.test(line))) {
    markdown = markdown.slice(front[0].length).replace(/^(?:[ \t]*\r?\n)+/, "");
    for (const line of lines) {
      const field = line.match(/^([A-Za-z_][\w-]*)[ \t]*:[ \t]*(.*?)[ \t]*$/);
      if (!field) continue;
      const value = unquote(field[2]!);
      const key = field[1]!.toLowerCase();
      if (key === "title" && value) meta.title = value;
      else if (key === "description") meta.description = value;
      else if (key === "emoji" || key === "icon") meta.emoji = value;
    }
  }
  if (options.headingAsTitle && meta.title === undefined) {
    const heading = markdown.match(LEADING_HEADING);
    const title = heading?.[1]?.trim();
    if (heading && title && title.length <= options.titleMax) {
      meta.title = title;
      markdown = markdown.slice(heading[0].length);
    }
  }
  return { markdown, ...meta };
}

function unquote(value: string): string {
  const quoted = value.match(/^"((?:[^"\\]|\\.)*)"$/) ?? value.match(/^'((?:[^']|'')*)'$/);
  if (!quoted) return value;
  return value.startsWith('"') ? quoted[1]!.replace(/\\(.)/g, "$1") : quoted[1]!.replaceAll("''", "'");
}
