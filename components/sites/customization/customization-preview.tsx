"use client";

import type { ContentRef, SiteCustomizationSettings } from "@gitbook/api";
import { ChevronDown, ChevronRight, Info, Search } from "lucide-react";
import type { CSSProperties, ReactNode } from "react";
import { HEX_COLOR } from "./fields";
import type { FontDefinition } from "./custom-fonts";

export type PreviewMode = "light" | "dark";

/*
 * The preview shows the published site, not Quire: its surfaces follow the site's own light or dark
 * theme whatever the app's theme is, so its neutral colors are its own (not the app's palette variables).
 */
const NEUTRALS: Record<PreviewMode, { background: string; text: string; muted: string; border: string }> = {
  light: { background: "oklch(99.5% 0 0)", text: "oklch(24% 0.02 260)", muted: "oklch(45% 0.02 260)", border: "oklch(90% 0.01 260)" },
  dark: { background: "oklch(17% 0.01 260)", text: "oklch(94% 0.01 260)", muted: "oklch(75% 0.01 260)", border: "oklch(32% 0.01 260)" },
};

const SERIF_FONTS = new Set(["RobotoSlab", "Merriweather", "IBMPlexSerif"]);

/** A font of the customization as a CSS font family: its name spelled out ("OpenSans" → "Open Sans"), then a generic family. */
function fontFamily(font: unknown, generic: "sans-serif" | "serif" | "monospace"): string {
  if (isFontDefinition(font)) return `"${font.fontFamily}", ${generic}`;
  if (typeof font !== "string") return generic;
  const spelled = font.replace(/^ABC/, "ABC ").replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^IBMPlex/, "IBM Plex ");
  return `"${spelled}", ${SERIF_FONTS.has(font) ? "serif" : generic}`;
}

const isFontDefinition = (font: unknown): font is FontDefinition => typeof font === "object" && font !== null && "fontFaces" in font;

/** The @font-face rules of the customization's uploaded fonts, so the preview shows them as the site will. */
function fontFaces(fonts: unknown[]): string {
  return fonts
    .filter(isFontDefinition)
    .flatMap((font) => font.fontFaces.map((face) => `@font-face{font-family:"${font.fontFamily}";font-weight:${face.weight};font-display:swap;src:${face.sources.map((source) => `url(${JSON.stringify(source.url)})${source.format ? ` format("${source.format}")` : ""}`).join(",")}}`))
    .join("\n");
}

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
function readableOn(hex: string): string {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((c) => c + c).join("") : hex.slice(1, 7);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = parseInt(digits.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.179 ? "black" : "white";
}

/** A color being typed may be malformed for a moment: the preview keeps a fallback until it is whole. */
const color = (value: string | undefined, fallback: string) => (value && HEX_COLOR.test(value) ? value : fallback);
const mix = (colorValue: string, percent: number, base: string) => `color-mix(in oklab, ${colorValue} ${percent}%, ${base})`;

function linkLabel(to: ContentRef | null | undefined): string {
  return to?.kind === "url" ? to.url : to ? "a page of the site" : "nowhere yet";
}

/**
 * A live picture of the published site under `customization`: the announcement, the header (logo or
 * title, links, search), the sidebar, a page (headings, a link, a hint, a button, code) and the
 * footer, in its colors, corners, depth and fonts, in the light or the dark theme. Nothing in it is
 * interactive: it is shown, not used.
 */
export function CustomizationPreview({ customization, siteTitle, mode }: { customization: SiteCustomizationSettings; siteTitle: string; mode: PreviewMode }) {
  const { styling, header, footer, announcement } = customization;
  const neutral = NEUTRALS[mode];
  const primary = color(styling.primaryColor[mode], "#346ddb");
  const tint = styling.tint ? color(styling.tint.color[mode], primary) : null;
  const background = tint ? mix(tint, mode === "light" ? 4 : 8, neutral.background) : neutral.background;
  const radius = { straight: "0", rounded: "0.5rem", circular: "1rem" }[styling.corners];
  const buttonRadius = { straight: "0", rounded: "0.375rem", circular: "9999px" }[styling.corners];
  const shadow = styling.depth === "subtle" ? "0 1px 3px rgb(0 0 0 / 0.14), 0 1px 2px rgb(0 0 0 / 0.08)" : "none";
  const onPrimary = readableOn(primary);
  const title = customization.title || siteTitle;
  const logo = header.logo?.[mode];

  const headerStyle: CSSProperties =
    styling.theme === "bold"
      ? { background: primary, color: onPrimary }
      : styling.theme === "gradient"
        ? { background: `linear-gradient(90deg, ${mix(primary, 22, background)}, ${mix(tint ?? primary, 8, background)})` }
        : styling.theme === "muted"
          ? { background: mix(primary, 5, background) }
          : { background: `color-mix(in oklab, ${background} 85%, transparent)`, borderBottom: `1px solid ${neutral.border}` };
  const onHeader = styling.theme === "bold" ? onPrimary : neutral.text;
  const linkStyle: CSSProperties =
    styling.links === "accent"
      ? { color: neutral.text, textDecoration: "underline", textDecorationColor: primary, textUnderlineOffset: 3 }
      : { color: primary, textDecoration: "underline", textDecorationColor: primary, textUnderlineOffset: 3 };
  const announcementColor = announcement ? color(styling[`${announcement.style}Color`]?.[mode], primary) : primary;
  const info = color(styling.infoColor[mode], primary);

  return (
    <div
      data-testid="site-preview"
      className="overflow-hidden border text-sm"
      style={{ background, color: neutral.text, borderColor: neutral.border, borderRadius: radius, fontFamily: fontFamily(styling.font, "sans-serif"), colorScheme: mode }}
    >
      {[styling.font, styling.headingFont, styling.monospaceFont].some(isFontDefinition) && <style>{fontFaces([styling.font, styling.headingFont, styling.monospaceFont])}</style>}
      {announcement?.enabled && (
        <div data-testid="preview-announcement" className="flex flex-wrap items-center justify-center gap-x-2 px-3 py-2 text-center text-xs" style={{ background: mix(announcementColor, mode === "light" ? 14 : 26, background) }}>
          <span>{announcement.message}</span>
          {announcement.link && (
            <span className="font-medium" style={{ ...linkStyle, color: neutral.text }}>
              {announcement.link.title} →
            </span>
          )}
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3 px-4 py-3" style={{ ...headerStyle, color: onHeader }}>
        <span className="flex min-w-0 items-center gap-2 font-semibold">
          {logo ? (
            // A URL the admin typed: shown as it will be on the site.
            <img src={logo} alt={title} className="h-6 max-w-32 object-contain" />
          ) : (
            <span className="truncate">{title}</span>
          )}
        </span>
        {styling.search === "prominent" && <PreviewSearch wide radius={buttonRadius} border={neutral.border} muted={styling.theme === "bold" ? onPrimary : neutral.muted} background={styling.theme === "bold" ? mix(onPrimary, 12, primary) : background} />}
        <span className="ml-auto flex flex-wrap items-center gap-3">
          {header.links.map((link, index) => (
            <HeaderLink key={index} link={link} primary={primary} onPrimary={onPrimary} onHeader={onHeader} radius={buttonRadius} shadow={shadow} />
          ))}
          {styling.search === "subtle" && <PreviewSearch radius={buttonRadius} border={neutral.border} muted={styling.theme === "bold" ? onPrimary : neutral.muted} background={styling.theme === "bold" ? mix(onPrimary, 12, primary) : background} />}
        </span>
      </div>
      <div className="flex">
        <div
          className="hidden w-40 shrink-0 space-y-1 p-3 text-xs sm:block"
          style={styling.sidebar.background === "filled" ? { background: mix(tint ?? primary, mode === "light" ? 5 : 10, background) } : undefined}
        >
          {["Getting started", "Installation", "Configuration"].map((item, index) => (
            <SidebarItem key={item} active={index === 0} list={styling.sidebar.list} primary={primary} border={neutral.border} muted={neutral.muted}>
              {item}
            </SidebarItem>
          ))}
        </div>
        <div className="min-w-0 flex-1 space-y-3 p-4">
          <p className="text-xl font-bold" style={{ fontFamily: styling.headingFont ? fontFamily(styling.headingFont, "sans-serif") : undefined }}>
            Getting started
          </p>
          <p>
            Welcome to the docs. Read the <span style={linkStyle}>installation guide</span> first, then run <code style={{ fontFamily: fontFamily(styling.monospaceFont, "monospace"), background: mix(neutral.text, 8, background), borderRadius: buttonRadius === "9999px" ? "0.375rem" : buttonRadius }} className="px-1 py-0.5 text-xs">npm install</code>.
          </p>
          <p className="text-base font-semibold">Before you begin</p>
          <div data-testid="preview-hint" className="flex gap-2 border-l-4 p-3" style={{ borderColor: info, background: mix(info, mode === "light" ? 10 : 18, background), borderRadius: radius, boxShadow: shadow }}>
            <Info aria-hidden className="mt-0.5 size-4 shrink-0" style={{ color: info }} />
            <span>You need an account to follow this guide.</span>
          </div>
          <span data-testid="preview-button" className="inline-block px-3 py-1.5 font-medium" style={{ background: primary, color: onPrimary, borderRadius: buttonRadius, boxShadow: shadow }}>
            Get started
          </span>
          {customization.pagination.enabled && (
            <div className="flex justify-end">
              <span className="flex items-center gap-1 border px-3 py-2 text-xs" style={{ borderColor: neutral.border, borderRadius: radius, boxShadow: shadow }}>
                Next: <span className="font-medium">Installation</span>
                <ChevronRight aria-hidden className="size-3" />
              </span>
            </div>
          )}
          {customization.feedback.enabled && <p className="text-xs" style={{ color: neutral.muted }}>Was this page helpful? 👍 👎</p>}
        </div>
      </div>
      {(footer.groups.length > 0 || footer.copyright || customization.trademark.enabled) && (
        <div className="space-y-3 border-t px-4 py-3 text-xs" style={{ borderColor: neutral.border }}>
          {footer.groups.length > 0 && (
            <div className="flex flex-wrap gap-x-8 gap-y-3">
              {footer.groups.map((group, index) => (
                <div key={index} className="space-y-1">
                  <p className="font-semibold">{group.title}</p>
                  {group.links.map((link, linkIndex) => (
                    <p key={linkIndex} style={{ color: neutral.muted }} title={linkLabel(link.to)}>
                      {link.title}
                    </p>
                  ))}
                </div>
              ))}
            </div>
          )}
          {footer.copyright && <p style={{ color: neutral.muted }}>{footer.copyright}</p>}
          {customization.trademark.enabled && <p style={{ color: neutral.muted }}>Powered by Quire</p>}
        </div>
      )}
    </div>
  );
}

function PreviewSearch({ wide = false, radius, border, muted, background }: { wide?: boolean; radius: string; border: string; muted: string; background: string }) {
  return (
    <span className={wide ? "order-last flex min-w-40 flex-1 items-center gap-2 border px-3 py-1.5 sm:order-none" : "flex items-center gap-1 border px-2 py-1"} style={{ borderRadius: radius, borderColor: border, color: muted, background }}>
      <Search aria-hidden className="size-3.5" />
      <span className="text-xs">{wide ? "Search…" : "Search"}</span>
    </span>
  );
}

function HeaderLink({ link, primary, onPrimary, onHeader, radius, shadow }: { link: SiteCustomizationSettings["header"]["links"][number]; primary: string; onPrimary: string; onHeader: string; radius: string; shadow: string }) {
  const dropdown = link.links.length > 0 && <ChevronDown aria-hidden className="size-3" />;
  if (link.style === "button-primary") {
    return (
      <span className="flex items-center gap-1 px-3 py-1 font-medium" style={{ background: primary, color: onPrimary, borderRadius: radius, boxShadow: shadow, outline: primary === onHeader ? `1px solid ${onPrimary}` : undefined }}>
        {link.title}
        {dropdown}
      </span>
    );
  }
  if (link.style === "button-secondary") {
    return (
      <span className="flex items-center gap-1 border px-3 py-1 font-medium" style={{ borderColor: "currentColor", borderRadius: radius }}>
        {link.title}
        {dropdown}
      </span>
    );
  }
  return (
    <span className="flex items-center gap-1 font-medium">
      {link.title}
      {dropdown}
    </span>
  );
}

function SidebarItem({ active, list, primary, border, muted, children }: { active: boolean; list: string; primary: string; border: string; muted: string; children: ReactNode }) {
  const style: CSSProperties =
    list === "pill"
      ? active
        ? { background: mix(primary, 14, "transparent"), color: primary, borderRadius: "9999px" }
        : { color: muted }
      : list === "line"
        ? { borderLeft: `2px solid ${active ? primary : border}`, color: active ? primary : muted }
        : { color: active ? primary : muted };
  return (
    <p className="px-2 py-1 font-medium" style={style}>
      {children}
    </p>
  );
}
