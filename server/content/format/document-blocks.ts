import type { DocumentBlockEmbed, DocumentBlockFile, DocumentFragment } from "@gitbook/api";

/**
 * The reference's file block with its caption: GitBook keeps a file's caption as images keep
 * theirs, in a "caption" fragment of one paragraph, which the reference's type leaves out.
 * Quire always writes the fragments, empty when there is no caption.
 */
export type DocumentBlockFileWithCaption = DocumentBlockFile & { fragments?: DocumentFragment[] };

/** The reference's embed with its caption (`{% embed url="…" %}caption{% endembed %}`), kept as a file's is. */
export type DocumentBlockEmbedWithCaption = DocumentBlockEmbed & { fragments?: DocumentFragment[] };
