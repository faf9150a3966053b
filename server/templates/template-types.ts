/**
 * A built-in space template: a tree of starter pages. Page bodies are canonical markdown, except
 * that a link to another page of the template is written `(page:<key>)`; applying the template
 * gives every page a fresh id and rewrites those links to `/pages/<id>`.
 */
export type TemplatePage = {
  /** Names the page inside its template, for links between pages. */
  key: string;
  title: string;
  slug: string;
  /** Hex code points, one of the two forms the reference's `emoji` format admits. */
  emoji?: string;
  description?: string;
  markdown: string;
  pages?: TemplatePage[];
};

export type SpaceTemplateDefinition = {
  id: string;
  title: string;
  subtitle: string;
  pages: TemplatePage[];
};
