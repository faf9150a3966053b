import type { JSONDocument } from "@gitbook/api";
import { markdownLimitProblem } from "../content/format/markdown-limits";
import { textDocument } from "../content/format/markdown-to-document";
import { fieldError, sentence } from "../errors";
import { markdownLimitError, markdownPool, READ_BUDGET_MS, WRITE_BUDGET_MS } from "../markdown/markdown-pool";
import { MAX_COMMENT_MARKDOWN } from "./limits";
import type { BodyFormat, CommentBodyInput } from "./schemas";

/**
 * Comment and reply bodies: stored as markdown (mentions written `@[Name](mention:USER_ID)`), given
 * and read as the reference's `Document`, markdown or JSON, converted by the page format layer in
 * the markdown pool, so that no body holds up the event loop.
 */

/** The markdown to store for a body; `field` names it in errors (`body`). */
export async function commentMarkdown(input: CommentBodyInput, field = "body"): Promise<string> {
  let markdown: string;
  if ("markdown" in input) {
    markdown = input.markdown;
  } else {
    const converted = await markdownPool().mapOrFail("documentMarkdown", [{ json: input.documentJson }], WRITE_BUDGET_MS);
    if (!converted.ok) throw markdownLimitError(`${field}.document`, converted.limit, WRITE_BUDGET_MS);
    const result = converted.values[0]!;
    if ("error" in result) throw fieldError(`${field}.document`, sentence(result.error));
    markdown = result.markdown;
    if (markdown.length > MAX_COMMENT_MARKDOWN) throw fieldError(`${field}.document`, `As markdown, longer than ${MAX_COMMENT_MARKDOWN} characters`);
    if (markdown.trim() === "") throw fieldError(`${field}.document`, `Must not be empty`);
  }
  const problem = markdownLimitProblem(markdown);
  if (problem) throw fieldError(field, sentence(problem));
  return markdown;
}

export type PresentedBody = { markdown: string } | { document: JSONDocument };

/**
 * Bodies as a read asks for them (`format`), keyed like `markdowns`: markdown as stored, or the
 * JSON document built from it in the markdown pool (a body past the read budget reads as its text).
 */
export async function presentBodies(markdowns: Map<string, string>, format: BodyFormat): Promise<Map<string, PresentedBody>> {
  if (format === "markdown") return new Map([...markdowns].map(([id, markdown]) => [id, { markdown }]));
  const entries = [...markdowns];
  // Keyed like a page's blocks (by the comment's id): harmless, and the same builder as pages.
  const outcomes = await markdownPool().map("keyedDocument", entries.map(([id, markdown]) => ({ markdown, pageId: id })), READ_BUDGET_MS);
  return new Map(entries.map(([id, markdown], index) => {
    const outcome = outcomes[index]!;
    return [id, { document: outcome.ok ? outcome.value : textDocument(markdown) }];
  }));
}
