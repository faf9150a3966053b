/** Page bodies between canonical markdown and the reference's JSON document, and what they link to. */
export { documentToMarkdown } from "./document-to-markdown";
export { extractLinks, type ExtractedLink } from "./extract-links";
export { parseLinkTarget, type LinkTarget, type PathResolver } from "./link-targets";
export { slugify } from "./heading-anchor";
export { markdownToDocument, type MarkdownToDocumentOptions } from "./markdown-to-document";
export { evaluateVariables } from "./variables";
