"use client";

import { memo } from "react";
import Markdown, { defaultUrlTransform, type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { remarkMentions } from "./mentions";

// Comments are written by anyone who can comment: raw HTML is dropped (skipHtml), URLs pass the
// default filter (http(s), mailto, relative: no javascript: or data:), images become links (no
// tracking pixels in a thread) and links open in a new tab without the opener.
const components: Components = {
  a: ({ node: _node, href, children }) => (
    <a href={href} target="_blank" rel="noreferrer noopener nofollow" className="text-indigo-600 underline underline-offset-2 hover:text-indigo-500">
      {children}
    </a>
  ),
  img: ({ src, alt }) =>
    typeof src === "string" && src ? (
      <a href={src} target="_blank" rel="noreferrer noopener nofollow" className="text-indigo-600 underline underline-offset-2">
        {alt || "Image"}
      </a>
    ) : null,
  span: ({ node: _node, className, children, ...props }) =>
    className === "mention" ? (
      <span className="rounded bg-indigo-50 px-0.5 font-medium text-indigo-700" data-mention={(props as { "data-mention"?: string })["data-mention"]}>
        {children}
      </span>
    ) : (
      <span>{children}</span>
    ),
};

/** A comment's markdown, rendered safely: GitHub-flavoured markdown and mentions, no HTML or scriptable URLs. */
export const CommentMarkdown = memo(function CommentMarkdown({ markdown }: { markdown: string }) {
  return (
    <div className="comment-markdown min-w-0 break-words text-sm text-slate-800 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_li]:ml-5 [&_ol]:list-decimal [&_p+p]:mt-2 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-slate-100 [&_pre]:p-2 [&_ul]:list-disc">
      <Markdown remarkPlugins={[remarkGfm, remarkMentions]} skipHtml urlTransform={defaultUrlTransform} components={components}>
        {markdown}
      </Markdown>
    </div>
  );
});
