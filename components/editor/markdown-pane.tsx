"use client";

import { Upload } from "lucide-react";
import { forwardRef, useDeferredValue, useRef, type ChangeEvent } from "react";
import { MarkdownView, type ContentLinks } from "@/components/content/markdown-view";
import { Button } from "@/components/ui/button";

/**
 * The editor's source mode: one page's markdown and, beside it from 1280px up (below it on
 * tablets), the page as readers will see it, rendered as one types.
 */
export const MarkdownPane = forwardRef<
  HTMLTextAreaElement,
  {
    markdown: string;
    links: ContentLinks;
    uploading: boolean;
    onMarkdownChange: (markdown: string) => void;
    onUpload: (files: File[]) => void;
  }
>(function MarkdownPane({ markdown, links, uploading, onMarkdownChange, onUpload }, textarea) {
  const preview = useDeferredValue(markdown);
  const fileInput = useRef<HTMLInputElement>(null);

  function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    if (files.length > 0) onUpload(files);
  }

  return (
    <div className="min-w-0 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-500">Markdown, with GitBook hints: {"{% hint style=\"info\" %}"} … {"{% endhint %}"}</p>
        <Button variant="secondary" loading={uploading} onClick={() => fileInput.current?.click()}>
          <Upload aria-hidden className="size-4" />
          Upload file
        </Button>
        <input ref={fileInput} type="file" multiple className="sr-only" tabIndex={-1} aria-hidden onChange={onFiles} />
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        <div>
          <label htmlFor="page-markdown" className="sr-only">
            Page content (markdown)
          </label>
          <textarea
            id="page-markdown"
            ref={textarea}
            value={markdown}
            onChange={(event) => onMarkdownChange(event.target.value)}
            spellCheck
            className="block min-h-[20rem] w-full resize-y rounded-md border border-slate-300 px-3 py-2 font-mono text-[13px] leading-6 text-slate-800 focus:border-indigo-500 focus:outline-none focus:ring-1 focus:ring-indigo-500 xl:h-[calc(100vh-17rem)]"
            placeholder="Write in markdown…"
          />
        </div>
        <section
          aria-label="Preview"
          className="min-h-[16rem] overflow-y-auto rounded-md border border-slate-200 bg-white px-5 py-4 xl:h-[calc(100vh-17rem)]"
        >
          {preview.trim() ? <MarkdownView markdown={preview} links={links} /> : <p className="text-sm text-slate-500">Nothing to preview yet.</p>}
        </section>
      </div>
    </div>
  );
});
