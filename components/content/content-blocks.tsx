"use client";

import { Download, FileText } from "lucide-react";
import { Children, isValidElement, useId, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from "react";
import type { FileInfo } from "@/server/content/render/content-links";
import { humanSize } from "@/server/content/render/human-size";

type TabProps = { className?: string; "data-title"?: string; children?: ReactNode };

const isTab = (child: ReactNode): child is ReactElement<TabProps> => isValidElement<TabProps>(child) && child.props.className === "tab";

/**
 * GitBook's tabs as a WAI-ARIA tab list: one tab focusable at a time, arrow keys (and Home/End)
 * move between tabs and select them, each panel labelled by its tab.
 */
export function Tabs({ children }: { children?: ReactNode }) {
  const all = Children.toArray(children);
  const tabs = all.filter(isTab);
  const rest = all.filter((child) => !isTab(child) && isValidElement(child));
  const [selected, setSelected] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();
  const current = Math.min(selected, Math.max(0, tabs.length - 1));

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setSelected(next);
    buttons.current[next]?.focus();
  }

  return (
    <div className="tabs">
      {tabs.length > 0 && (
        <div role="tablist" className="tab-list">
          {tabs.map((tab, index) => (
            <button
              key={index}
              ref={(button) => {
                buttons.current[index] = button;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${index}`}
              aria-selected={index === current}
              aria-controls={`${id}-panel-${index}`}
              tabIndex={index === current ? 0 : -1}
              className="tab-button"
              onClick={() => setSelected(index)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.props["data-title"]?.trim() || `Tab ${index + 1}`}
            </button>
          ))}
        </div>
      )}
      {tabs.map((tab, index) => (
        <div key={index} role="tabpanel" id={`${id}-panel-${index}`} aria-labelledby={`${id}-tab-${index}`} hidden={index !== current} tabIndex={0} className="tab-panel">
          {tab.props.children}
        </div>
      ))}
      {rest}
    </div>
  );
}

/** A file block: a download link naming the file (its type and size when known), and its caption. */
export function FileCard({ href, info, fallbackName, children }: { href: string; info?: FileInfo; fallbackName: string; children?: ReactNode }) {
  const name = info?.name ?? fallbackName;
  const details = [info?.contentType, info?.size === undefined ? undefined : humanSize(info.size)].filter(Boolean).join(" · ");
  return (
    <figure className="file-card">
      <a href={href} download={info?.name ?? true} className="file-link">
        <FileText aria-hidden className="file-icon" />
        <span className="file-text">
          <span className="file-name">{name}</span>
          {details && <span className="file-details">{details}</span>}
        </span>
        <Download aria-hidden className="file-download" />
        <span className="sr-only">(download)</span>
      </a>
      {children}
    </figure>
  );
}
