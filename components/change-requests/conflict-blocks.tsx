"use client";

import type { JSONDocument } from "@gitbook/api";
import { useMemo, useState } from "react";
import type { Pluggable } from "unified";
import { MarkdownView, type ContentLinks } from "@/components/content/markdown-view";
import { useContentLinks } from "@/components/content/use-content-links";
import { BlockEditor } from "@/components/editor/lazy-editor";
import type { Files } from "@/components/editor/prosemirror/node-views";
import { withoutKeys } from "@/components/editor/prosemirror/document-conversion";
import { useToast } from "@/components/shell/toast";
import { blockTakes, type ConflictResolutionBlock, type ConflictResolutionPage, type ConflictSide } from "@/server/content/merge/conflicts";
import { markdownToDocument } from "@/server/content/format/markdown-to-document";
import { writingStart, type BlockChoice, type TextChoice } from "./conflict-choices";
import { markdownWords, rehypeWordHighlights } from "./rehype-word-highlights";

/**
 * A page body's conflicts as a person resolves them: each conflicting block rendered as the
 * reader shows it, the space's version beside the change request's, with the words that differ
 * highlighted; then a side, both (two blocks), or the block written in the block editor. A body
 * that conflicts as a whole is resolved whole the same way.
 */

/** Links of each side's content: a block shows the files of the content it comes from. */
export type ConflictLinks = Record<ConflictSide, ContentLinks>;

export function useConflictLinks(spaceId: string, changeRequestRef: string): ConflictLinks {
  const main = useContentLinks(spaceId, { kind: "main" });
  const changeRequest = useContentLinks(spaceId, { kind: "change-request", ref: changeRequestRef });
  return useMemo(() => ({ main, changeRequest }), [main, changeRequest]);
}

const SIDES: ConflictSide[] = ["main", "changeRequest"];
const SIDE_LABELS: Record<ConflictSide, string> = { main: "In the space (main)", changeRequest: "In this change request" };
export const sideName: Record<ConflictSide, string> = { main: "in the space", changeRequest: "in this change request" };
const other = (side: ConflictSide): ConflictSide => (side === "main" ? "changeRequest" : "main");

const TYPE_NAMES: Record<string, string> = {
  paragraph: "paragraph",
  "heading-1": "heading",
  "heading-2": "heading",
  "heading-3": "heading",
  "list-item": "list item",
  "list-ordered": "list",
  "list-unordered": "list",
  "list-tasks": "task list",
  code: "code block",
  table: "table",
  hint: "hint",
  blockquote: "quote",
  images: "image",
  image: "image",
  expandable: "expandable",
  tabs: "tabs",
  "tabs-item": "tab",
  file: "file",
  embed: "embed",
  divider: "divider",
};
/** A block's type as people say it. */
const blockName = (type: string) => TYPE_NAMES[type] ?? "block";

/** What happened to a conflicting block, in a sentence. */
export function blockConflictSentence(block: { kind: "edited" | "deleted"; container: boolean; type: string; deletedIn?: ConflictSide }): string {
  const name = blockName(block.type);
  if (block.kind === "deleted") return `This ${name} was deleted ${sideName[block.deletedIn!]} and changed ${sideName[other(block.deletedIn!)]}.`;
  if (block.container) return `The settings of this ${name} were changed differently here and in the space.`;
  return `The same words of this ${name} were changed differently here and in the space.`;
}

/**
 * Two versions of a block side by side, as the reader renders them; in each, the words the other
 * lacks are highlighted (against `base` where the other side deleted the block).
 */
export function BlockSides({ versions, base = null, links, truncated }: { versions: Record<ConflictSide, string | null>; base?: string | null; links: ConflictLinks; truncated?: Record<ConflictSide, boolean> }) {
  return (
    <div className="grid gap-2 md:grid-cols-2">
      {SIDES.map((side) => (
        <BlockSide key={side} side={side} markdown={versions[side]} against={versions[other(side)] ?? base} links={links[side]} truncated={truncated?.[side] ?? false} />
      ))}
    </div>
  );
}

function BlockSide({ side, markdown, against, links, truncated }: { side: ConflictSide; markdown: string | null; against: string | null; links: ContentLinks; truncated: boolean }) {
  const highlight = useMemo<Pluggable | undefined>(() => (against === null ? undefined : [rehypeWordHighlights, { against: markdownWords(against) }]), [against]);
  return (
    <figure className="min-w-0">
      <figcaption className="text-xs font-medium text-slate-600">{SIDE_LABELS[side]}</figcaption>
      {markdown === null ? (
        <p className="mt-1 rounded border border-dashed border-slate-300 bg-white px-3 py-2 text-sm italic text-slate-600">Deleted {sideName[side]}.</p>
      ) : (
        // Focusable, so that a keyboard can scroll a long block into view.
        <div role="group" aria-label={`${SIDE_LABELS[side]}, rendered`} tabIndex={0} className="mt-1 max-h-80 overflow-auto rounded border border-amber-300 bg-white px-3 py-2 text-sm">
          <MarkdownView markdown={markdown} links={links} highlight={highlight} />
          {truncated && <p className="mt-1 text-xs text-slate-600">(Shortened: the rest is in the resolution.)</p>}
        </div>
      )}
    </figure>
  );
}

/** A page body's conflicts: block by block, or the body whole when it conflicts as a whole. */
export function BodyResolver({ page, choice, links, onChange }: { page: ConflictResolutionPage; choice: TextChoice; links: ConflictLinks; onChange: (choice: TextChoice) => void }) {
  if ("whole" in choice) return <WholeBodyResolver page={page} choice={choice.whole} links={links} onChange={(whole) => onChange({ whole })} />;
  return (
    <div className="space-y-4">
      {page.blocks.map((block, index) => (
        <BlockResolver
          key={block.key}
          name={`${page.id}-block-${block.key}`}
          legend={`Text conflict ${index + 1} of ${page.blocks.length}`}
          block={block}
          choice={choice.blocks[block.key] ?? null}
          links={links}
          onChange={(next) => onChange({ blocks: { ...choice.blocks, [block.key]: next } })}
        />
      ))}
    </div>
  );
}

type Option<T> = { value: string; label: string; choose: () => T };

/** The choices of one conflict, as radio buttons. */
function Options<T>({ name, label, options, chosen, onChoose }: { name: string; label: string; options: Option<T>[]; chosen: string | null; onChoose: (option: Option<T>) => void }) {
  return (
    <div role="radiogroup" aria-label={label} className="flex flex-wrap gap-2">
      {options.map((option) => (
        <label
          key={option.value}
          className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50 has-[:checked]:text-indigo-900 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500"
        >
          <input type="radio" name={name} className="accent-indigo-600" checked={chosen === option.value} onChange={() => onChoose(option)} />
          {option.label}
        </label>
      ))}
    </div>
  );
}

function BlockResolver({
  name,
  legend,
  block,
  choice,
  links,
  onChange,
}: {
  name: string;
  legend: string;
  block: ConflictResolutionBlock;
  choice: BlockChoice | null;
  links: ConflictLinks;
  onChange: (choice: BlockChoice) => void;
}) {
  // What was written stays while another option is tried, and comes back with "Write it".
  const [draft, setDraft] = useState<JSONDocument>(() => writingStart(block));
  const takes = blockTakes(block);
  const take = (side: ConflictSide | "both") => ({ take: side });
  const options: Option<BlockChoice>[] = [
    { value: "main", label: block.deletedIn === "main" ? "Leave it deleted, as in the space" : "Take the space's", choose: () => take("main") },
    {
      value: "changeRequest",
      label: block.deletedIn === "changeRequest" ? "Leave it deleted, as in this change request" : "Take this change request's",
      choose: () => take("changeRequest"),
    },
    ...(takes.both ? [{ value: "both", label: "Take both", choose: () => take("both") }] : []),
    ...(takes.write ? [{ value: "written", label: "Write it", choose: () => ({ written: draft }) }] : []),
  ];
  const chosen = choice === null ? null : "take" in choice ? choice.take : "written";
  const blockLabel = `${legend}, ${blockName(block.type)}`;
  return (
    <fieldset className="min-w-0 space-y-3 rounded-md border border-slate-200 bg-white p-3">
      <legend className="px-1 text-sm font-medium text-slate-900">
        {legend} <span className="font-normal text-slate-600">· {blockName(block.type)}</span>
        <span className="ml-2 font-normal text-slate-600">{chosen ? "Resolved" : "Not resolved"}</span>
      </legend>
      <p className="text-sm text-slate-700">{blockConflictSentence(block)}</p>
      <BlockSides versions={{ main: block.main?.markdown ?? null, changeRequest: block.changeRequest?.markdown ?? null }} base={block.base?.markdown ?? null} links={links} />
      <Options name={name} label={`${blockLabel}: what to keep`} options={options} chosen={chosen} onChoose={(option) => onChange(option.choose())} />
      {chosen === "written" && (
        <WrittenBlocks
          key={name}
          label={`${blockLabel}, as written`}
          document={draft}
          links={links}
          onChange={(document) => {
            setDraft(document);
            onChange({ written: document });
          }}
        />
      )}
      {chosen === "both" && <p className="text-sm text-slate-700">Both stay, as two separate blocks: the space&apos;s first, then this change request&apos;s.</p>}
    </fieldset>
  );
}

/** The block editor on what is written in place of a conflict: it starts from the change request's version. */
function WrittenBlocks({ label, document, links, onChange }: { label: string; document: JSONDocument; links: ConflictLinks; onChange: (document: JSONDocument) => void }) {
  const toast = useToast();
  const files = useMemo<Files>(
    () => ({
      url: (id) => links.changeRequest.file?.(id) ?? links.main.file?.(id),
      name: (id) => (links.changeRequest.fileInfo?.(id) ?? links.main.fileInfo?.(id))?.name,
    }),
    [links],
  );
  return (
    // A block or a page, not a whole page's height (the editor's own minimum, in unlayered CSS: hence !); room on the left for its drag handle where it shows.
    <div className="rounded-md border border-slate-300 px-3 pb-2 sm:pl-9 [&_.pm-editor]:min-h-24! [&_.pm-editor]:pb-4!">
      <BlockEditor
        document={document}
        label={label}
        variables={[]}
        files={files}
        onChange={onChange}
        onFault={() => toast.error("This block could not be read back from the editor: choose a side, or write it again.")}
        onNotice={(message) => toast.error(message)}
        // An upload would change the change request, and the resolution is made against its current revision.
        onUpload={async () => {
          toast.error("Files cannot be added while resolving conflicts: add them in the editor once the change request is updated.");
          return [];
        }}
      />
    </div>
  );
}

type WholeChoice = Extract<TextChoice, { whole: unknown }>["whole"];

/** A body that conflicts as a whole: the two pages side by side, and a side or the page written. */
function WholeBodyResolver({
  page,
  choice,
  links,
  onChange,
}: {
  page: ConflictResolutionPage;
  choice: WholeChoice;
  links: ConflictLinks;
  onChange: (choice: WholeChoice) => void;
}) {
  const [draft, setDraft] = useState<JSONDocument>(() => withoutKeys(markdownToDocument(page.changeRequest.markdown)));
  const chosen = choice === null ? null : "take" in choice ? choice.take : "written";
  const name = `${page.id}-whole`;
  const options: Option<WholeChoice>[] = [
    { value: "main", label: "Take the space's text", choose: () => ({ take: "main" as const }) },
    { value: "changeRequest", label: "Take this change request's text", choose: () => ({ take: "changeRequest" as const }) },
    { value: "written", label: "Write it", choose: () => ({ written: draft }) },
  ];
  return (
    <fieldset className="min-w-0 space-y-3 rounded-md border border-slate-200 bg-white p-3">
      <legend className="px-1 text-sm font-medium text-slate-900">
        The whole text <span className="ml-2 font-normal text-slate-600">{chosen ? "Resolved" : "Not resolved"}</span>
      </legend>
      <p className="text-sm text-slate-700">Its text differs too much here and in the space to be merged block by block: keep one version, or write it.</p>
      <BlockSides versions={{ main: page.main.markdown, changeRequest: page.changeRequest.markdown }} links={links} />
      <Options name={name} label="The whole text: what to keep" options={options} chosen={chosen} onChoose={(option) => onChange(option.choose())} />
      {chosen === "written" && (
        <WrittenBlocks
          key={name}
          label="The whole text, as written"
          document={draft}
          links={links}
          onChange={(document) => {
            setDraft(document);
            onChange({ written: document });
          }}
        />
      )}
    </fieldset>
  );
}
