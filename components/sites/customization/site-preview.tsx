"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTRPCClient } from "@/components/providers/trpc-provider";
import { Spinner } from "@/components/ui/spinner";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { ToggleGroup } from "@/components/ui/toggle-group";
import { errorMessage } from "@/components/ui/trpc-error";
import type { SiteCustomizationInput } from "@/server/sites/customization/schemas";
import { customizationForSave, type Customization } from "./customization-form";

export type PreviewMode = "light" | "dark";
type PreviewWidth = "desktop" | "phone";

/** The width the site is laid out at in the frame (then scaled to fit), and the frame's height. */
const FRAME_WIDTHS: Record<PreviewWidth, number> = { desktop: 960, phone: 390 };
const FRAME_HEIGHT = 780;
/** A preview is asked for once the form has been still this long. */
const SETTLE_MS = 300;

/** `value`, once it has stopped changing for `delay` ms. */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** The width of an element, followed as it changes. */
function useWidth<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry!.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * The site's own pages as its readers will get them, with the customization being edited: the
 * published site's renderer answers the page's whole document (server/sites/customization/preview-site.ts),
 * shown in a sandboxed frame (its script runs, with no access to the app; its links lead nowhere).
 * The frame lays the site out at a desktop or a phone width and is scaled to fit. While the form has
 * problems, the last good preview stays.
 */
export function SitePreview({
  organizationId,
  siteId,
  siteSpaceId,
  customization,
  valid,
  mode,
  onModeChange,
}: {
  organizationId: string;
  siteId: string;
  /** The variant being customized: its own settings are the draft. Absent: the whole site's. */
  siteSpaceId?: string;
  customization: Customization;
  valid: boolean;
  mode: PreviewMode;
  onModeChange: (mode: PreviewMode) => void;
}) {
  const client = useTRPCClient();
  const pageSelectId = useId();
  const [pageId, setPageId] = useState<string | undefined>(undefined);
  const [width, setWidth] = useState<PreviewWidth>("desktop");
  const [frameBox, boxWidth] = useWidth<HTMLDivElement>();
  const [lastValid, setLastValid] = useState(customization);
  if (valid && lastValid !== customization) setLastValid(customization);
  const draft = useSettled(lastValid, SETTLE_MS);

  const preview = useQuery({
    queryKey: ["site-preview", organizationId, siteId, siteSpaceId ?? null, pageId ?? null, mode, draft],
    queryFn: () =>
      client.siteCustomization.preview.mutate({
        organizationId,
        siteId,
        ...(siteSpaceId ? { siteSpaceId, draftOf: "site-space" as const } : { draftOf: "site" as const }),
        ...(pageId ? { pageId } : {}),
        mode,
        customization: customizationForSave(draft) as unknown as SiteCustomizationInput,
      }),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });

  const frameWidth = FRAME_WIDTHS[width];
  const scale = boxWidth > 0 ? Math.min(1, boxWidth / frameWidth) : 0;
  const data = preview.data;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Preview</h3>
        <div className="flex flex-wrap items-center gap-2">
          <ToggleGroup
            label="Preview width"
            value={width}
            options={[
              { value: "desktop", label: "Desktop" },
              { value: "phone", label: "Phone" },
            ]}
            onChange={setWidth}
          />
          <ToggleGroup
            label="Preview theme"
            value={mode}
            options={[
              { value: "light", label: "Light" },
              { value: "dark", label: "Dark" },
            ]}
            onChange={onModeChange}
          />
        </div>
      </div>
      {data && data.pages.length > 1 && (
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor={pageSelectId} className="font-medium text-slate-700">
            Page
          </label>
          <select
            id={pageSelectId}
            value={data.pageId ?? ""}
            onChange={(event) => setPageId(event.target.value)}
            className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 focus:border-indigo-500 focus:ring-1 focus:ring-indigo-500 focus:outline-none"
          >
            {data.pages.map((page) => (
              <option key={page.id} value={page.id}>
                {`${"\u2003".repeat(Math.min(page.depth, 4))}${page.title}`}
              </option>
            ))}
          </select>
        </div>
      )}
      <p role="status" className="min-h-5 text-xs text-slate-600">
        {!valid ? "The preview waits until the problems listed under the form are fixed." : preview.isFetching ? "Updating the preview…" : ""}
      </p>
      <div ref={frameBox} className="w-full">
        {preview.isError ? (
          <ErrorState message={`The preview could not be shown. ${errorMessage(preview.error)}`} onRetry={() => void preview.refetch()} />
        ) : !data ? (
          <div className="flex h-80 items-center justify-center rounded-md border border-slate-200">
            <Spinner label="Rendering the site's page…" />
          </div>
        ) : data.html === null ? (
          <EmptyState title="Nothing to preview yet" description="The site has no page to show: add a space with pages to it under Structure, and its first page appears here." />
        ) : (
          <div className="mx-auto overflow-hidden rounded-md border border-slate-300 bg-white" style={{ width: scale ? frameWidth * scale : "100%", height: FRAME_HEIGHT * (scale || 1) }}>
            <iframe
              title="Preview of the site's page"
              data-testid="site-preview"
              sandbox="allow-scripts"
              srcDoc={data.html}
              style={{ width: frameWidth, height: FRAME_HEIGHT, transform: `scale(${scale || 1})`, transformOrigin: "0 0", border: 0 }}
            />
          </div>
        )}
      </div>
    </div>
  );
}
