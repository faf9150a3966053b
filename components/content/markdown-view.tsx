"use client";

import clsx from "clsx";
import { CircleAlert, CircleCheck, Info, TriangleAlert } from "lucide-react";
import { createContext, memo, useContext, useMemo, type ComponentProps } from "react";
import Markdown, { type Components } from "react-markdown";
import type { Pluggable } from "unified";
import remarkGfm from "remark-gfm";
import "highlight.js/styles/github.css";
import { FileCard, Tabs } from "./content-blocks";
import { FILE_LINK, resolveContentUrl, type ContentLinks } from "@/server/content/render/content-links";
import { remarkBlockIndexes } from "./block-indexes";
import { remarkHeadingAnchors } from "@/server/content/render/heading-anchors";
import { hintStyleOf, isolateTagLines, remarkLiquidBlocks, type HintStyle } from "@/server/content/render/liquid-blocks";
import "./markdown.css";
import { rehypeTaskListLabels } from "@/server/content/render/task-list-labels";
import { rehypeCodeHighlight } from "@/server/content/render/code-highlight";

export { resolveContentUrl, type ContentLinks };

const hintLook: Record<HintStyle, { label: string; icon: typeof Info; className: string }> = {
  info: { label: "Info", icon: Info, className: "border-sky-300 bg-sky-50 [&>svg]:text-sky-600" },
  success: { label: "Success", icon: CircleCheck, className: "border-emerald-300 bg-emerald-50 [&>svg]:text-emerald-600" },
  warning: { label: "Warning", icon: TriangleAlert, className: "border-amber-300 bg-amber-50 [&>svg]:text-amber-600" },
  danger: { label: "Danger", icon: CircleAlert, className: "border-red-300 bg-red-50 [&>svg]:text-red-600" },
};

function Aside({ className, children, node: _node, ...props }: ComponentProps<"aside"> & { node?: unknown; "data-block-index"?: number }) {
  const style = hintStyleOf(className);
  if (!style) return <aside className={className} {...props}>{children}</aside>;
  const look = hintLook[style];
  const Icon = look.icon;
  return (
    <aside role="note" aria-label={look.label} data-hint={style} data-block-index={props["data-block-index"]} className={clsx("hint", look.className)}>
      <Icon aria-hidden className="hint-icon" />
      <div className="hint-body">{children}</div>
    </aside>
  );
}

const classesOf = (className: unknown) => (typeof className === "string" ? className.split(" ") : []);

// The view's links reach file cards through context: components that changed with them would remount (and reset open tabs).
const LinksContext = createContext<ContentLinks | undefined>(undefined);

function Div({ node: _node, className, children, ...props }: ComponentProps<"div"> & { node?: unknown }) {
  if (classesOf(className).includes("tabs")) return <Tabs>{children}</Tabs>;
  return (
    <div className={className} {...props}>
      {children}
    </div>
  );
}

function Figure({ node: _node, className, children, ...props }: ComponentProps<"figure"> & { node?: unknown; "data-src"?: string }) {
  const links = useContext(LinksContext);
  const src = props["data-src"];
  if (!classesOf(className).includes("file-card") || src === undefined) return <figure className={className} {...props}>{children}</figure>;
  const fileId = FILE_LINK.exec(src)?.[1];
  return (
    <FileCard href={resolveContentUrl(src, links)} info={fileId ? links?.fileInfo?.(fileId) : undefined} fallbackName={src.split("/").pop() || src}>
      {children}
    </FileCard>
  );
}

const components: Components = {
  aside: Aside,
  div: Div,
  figure: Figure,
  table: ({ node: _node, ...props }) => (
    <div className="table-wrap">
      <table {...props} />
    </div>
  ),
  img: ({ node: _node, alt, ...props }) => <img alt={alt ?? ""} loading="lazy" {...props} />,
  a: ({ node: _node, href, ...props }) => {
    const external = href !== undefined && /^https?:\/\//.test(href);
    return <a href={href} {...(external ? { target: "_blank", rel: "noreferrer noopener" } : {})} {...props} />;
  },
};

/**
 * A page body as readers see it: GitHub-flavoured markdown (tables, task lists), highlighted
 * code, GitBook hints as callouts, tabs, expandables, file cards and images from the space's files.
 */
export const MarkdownView = memo(function MarkdownView({
  markdown,
  links,
  className,
  anchors = false,
  blockIndexes = false,
  highlight,
}: {
  markdown: string;
  links?: ContentLinks;
  className?: string;
  /** Ids on headings, for links to a section: the reader's one page (a diff shows two, whose ids would repeat). */
  anchors?: boolean;
  /** `data-block-index` on each top-level block's element, for anchoring comments (the reader's page). */
  blockIndexes?: boolean;
  /** A rehype plugin run last, marking what is shown (a conflict's word-level highlights); keep it stable across renders. */
  highlight?: Pluggable;
}) {
  const source = useMemo(() => isolateTagLines(markdown), [markdown]);
  const remarkPlugins = useMemo(
    () => [remarkGfm, ...(anchors ? [remarkHeadingAnchors] : []), remarkLiquidBlocks, ...(blockIndexes ? [remarkBlockIndexes] : [])],
    [anchors, blockIndexes],
  );
  return (
    <div className={clsx("quire-markdown", className)}>
      <LinksContext.Provider value={links}>
        <Markdown
          remarkPlugins={remarkPlugins}
          rehypePlugins={[rehypeCodeHighlight, rehypeTaskListLabels, ...(highlight ? [highlight] : [])]}
          urlTransform={(url) => resolveContentUrl(url, links)}
          components={components}
        >
          {source}
        </Markdown>
      </LinksContext.Provider>
    </div>
  );
});
