"use client";

import {
  CustomizationAIMode,
  CustomizationCorners,
  CustomizationDefaultThemeMode,
  CustomizationDepth,
  CustomizationIconsStyle,
  CustomizationLinksStyle,
  CustomizationLocale,
  CustomizationPageActionType,
  CustomizationSearchStyle,
  CustomizationSidebarBackgroundStyle,
  CustomizationSidebarListStyle,
  CustomizationTheme,
  SiteExternalLinksTarget,
  type CustomizationContentLink,
  type CustomizationHeaderItem,
  type SiteCustomizationSettings,
} from "@gitbook/api";
import { SelectField, TextField } from "@/components/ui/field";
import { Switch } from "../settings/switch";
import { FontPickers, type FontDefinition } from "./custom-fonts";
import { capitalize, HEX_COLOR, Section, ThemedColorInput } from "./fields";
import { LinkTargetField, ListEditor } from "./list-editor";

/** The reference's settings with Quire's `pdf` group (spec 2.7), which the reference no longer lists. */
export type Customization = SiteCustomizationSettings & { pdf: { enabled: boolean } };
type Styling = Customization["styling"];
type FontValue = string | FontDefinition | null | undefined;

const LINK_TITLE_MAX = 64;
const COPYRIGHT_MAX = 512;
const ANNOUNCEMENT_MIN = 2;
const ANNOUNCEMENT_MAX = 128;

const SEMANTIC_COLORS = [
  ["infoColor", "Info color"],
  ["successColor", "Success color"],
  ["warningColor", "Warning color"],
  ["dangerColor", "Danger color"],
] as const;

const PAGE_ACTIONS: { value: CustomizationPageActionType; label: string }[] = [
  { value: CustomizationPageActionType.Markdown, label: "Copy or view as Markdown" },
  { value: CustomizationPageActionType.ExternalAi, label: "Open in an AI assistant" },
  { value: CustomizationPageActionType.Pdf, label: "Export as PDF" },
  { value: CustomizationPageActionType.Git, label: "Edit on Git" },
  { value: CustomizationPageActionType.Mcp, label: "Connect with MCP" },
  { value: CustomizationPageActionType.Assistant, label: "Ask the assistant" },
];

const options = <T extends string>(values: Record<string, T>) => Object.values(values).map((value) => ({ value, label: capitalize(value) }));
const isUrl = (text: string) => /^https?:\/\/\S+$/i.test(text);

/** What stops `customization` from being saved, for people: listed above the Save button. */
export function customizationProblems(customization: Customization): string[] {
  const problems: string[] = [];
  const { styling, header, footer, announcement } = customization;
  const colors: [string, { light: string; dark: string } | undefined][] = [["Primary color", styling.primaryColor], ["Tint", styling.tint?.color], ...SEMANTIC_COLORS.map(([key, label]) => [label, styling[key]] as [string, { light: string; dark: string }])];
  for (const [label, pair] of colors) {
    if (pair && !(HEX_COLOR.test(pair.light) && HEX_COLOR.test(pair.dark))) problems.push(`${label}: use color codes such as #346ddb.`);
  }
  const links = [...header.links.flatMap((link) => [link, ...link.links]), ...footer.groups.flatMap((group) => group.links)];
  if (links.some((link) => link.title.trim() === "")) problems.push("Every link needs a title.");
  if (links.some((link) => link.title.length > LINK_TITLE_MAX)) problems.push(`Link titles have at most ${LINK_TITLE_MAX} characters.`);
  if (links.some((link) => link.to?.kind === "url" && !isUrl(link.to.url))) problems.push("Link URLs start with https:// or http://.");
  if (footer.groups.some((group) => group.title.trim() === "")) problems.push("Every footer group needs a title.");
  if ((footer.copyright?.length ?? 0) > COPYRIGHT_MAX) problems.push(`The copyright has at most ${COPYRIGHT_MAX} characters.`);
  if (announcement?.enabled && (announcement.message.trim().length < ANNOUNCEMENT_MIN || announcement.message.length > ANNOUNCEMENT_MAX)) {
    problems.push(`The announcement's message has ${ANNOUNCEMENT_MIN} to ${ANNOUNCEMENT_MAX} characters.`);
  }
  if (announcement?.link && (announcement.link.title.trim() === "" || (announcement.link.to.kind === "url" && !isUrl(announcement.link.to.url)))) problems.push("The announcement's link needs a title and a URL.");
  for (const [label, url] of [["Logo", header.logo?.light], ["Logo for the dark theme", header.logo?.dark], ["Favicon", favicon(customization)?.light], ["Favicon for the dark theme", favicon(customization)?.dark], ["Privacy policy", customization.privacyPolicy.url], ["Social preview image", customization.socialPreview.url]] as const) {
    if (url && !isUrl(url)) problems.push(`${label}: a URL starting with https:// or http://.`);
  }
  return problems;
}

function favicon(customization: Customization): { light: string; dark: string } | undefined {
  return "icon" in customization.favicon ? customization.favicon.icon : undefined;
}

/**
 * Every setting of a site's customization, grouped as the site shows them. `onChange` receives the
 * whole next value, for the preview beside it and the Save of the page around it.
 */
export function CustomizationForm({ organizationId, value, onChange, disabled, variant = false }: { organizationId: string; value: Customization; onChange: (value: Customization) => void; disabled: boolean; variant?: boolean }) {
  function edit(change: (draft: Customization) => void) {
    const draft = structuredClone(value);
    change(draft);
    onChange(draft);
  }
  const styling = value.styling;
  const setStyling = <K extends keyof Styling>(key: K, next: Styling[K]) => edit((draft) => void (draft.styling[key] = next));
  const pick = <T extends string>(label: string, key: keyof Styling, values: Record<string, T>, hint?: string) => (
    <SelectField label={label} hint={hint} disabled={disabled} value={String(styling[key])} options={options(values)} onChange={(event) => setStyling(key, event.target.value as Styling[typeof key])} />
  );
  const icon = favicon(value);
  const announcement = value.announcement;

  return (
    <div className="space-y-6">
      <Section title="Title">
        <TextField label="Site title" hint="Shown in the header (beside the logo, if there is one) and in the browser's tab. Empty: the site's name." value={value.title ?? ""} maxLength={128} disabled={disabled} onChange={(event) => edit((draft) => void (event.target.value ? (draft.title = event.target.value) : delete draft.title))} />
      </Section>

      <Section title="Theme and colors">
        <SelectField label="Theme" disabled={disabled} value={styling.theme} options={options(CustomizationTheme)} hint="Clean: light and translucent. Muted: softer contrast. Bold: the header in the primary color. Gradient: washes of color." onChange={(event) => setStyling("theme", event.target.value as CustomizationTheme)} />
        <ThemedColorInput label="Primary color" value={styling.primaryColor} disabled={disabled} onChange={(next) => setStyling("primaryColor", next)} />
        <Switch
          label="Tint the backgrounds"
          description="Gives the page and sidebar backgrounds a hint of a color."
          checked={styling.tint !== undefined}
          disabled={disabled}
          onChange={(on) => edit((draft) => void (on ? (draft.styling.tint = { color: { ...styling.primaryColor } }) : delete draft.styling.tint))}
        />
        {styling.tint && <ThemedColorInput label="Tint" value={styling.tint.color} disabled={disabled} onChange={(next) => setStyling("tint", { color: next })} />}
        <details className="group space-y-3">
          <summary className="cursor-pointer text-sm font-medium text-indigo-700">Info, success, warning and danger colors</summary>
          <div className="space-y-4 pt-3">
            {SEMANTIC_COLORS.map(([key, label]) => (
              <ThemedColorInput key={key} label={label} value={styling[key]} disabled={disabled} onChange={(next) => setStyling(key, next)} />
            ))}
          </div>
        </details>
      </Section>

      <Section title="Shape and type">
        <div className="grid gap-4 sm:grid-cols-2">
          {pick("Corners", "corners", CustomizationCorners)}
          {pick("Depth", "depth", CustomizationDepth, "Subtle shadows, or flat.")}
          {pick("Links", "links", CustomizationLinksStyle, "Default: in the primary color. Accent: text color, underlined in the primary color.")}
          {pick("Icons", "icons", CustomizationIconsStyle)}
          <FontPickers
            organizationId={organizationId}
            font={styling.font as FontValue}
            monospaceFont={styling.monospaceFont as FontValue}
            disabled={disabled || variant}
            hint={variant ? "Set for the whole site." : undefined}
            onChange={(key, next) => setStyling(key, next as Styling[typeof key])}
          />
          <SelectField label="Sidebar background" disabled={disabled} value={styling.sidebar.background} options={options(CustomizationSidebarBackgroundStyle)} onChange={(event) => setStyling("sidebar", { ...styling.sidebar, background: event.target.value as CustomizationSidebarBackgroundStyle })} />
          <SelectField label="Sidebar list" disabled={disabled} value={styling.sidebar.list} options={options(CustomizationSidebarListStyle)} onChange={(event) => setStyling("sidebar", { ...styling.sidebar, list: event.target.value as CustomizationSidebarListStyle })} />
          {pick("Search", "search", CustomizationSearchStyle, "Prominent: a wide field in the header. Subtle: a small button in its corner.")}
          <SelectField label="Language of the site's interface" disabled={disabled} value={value.internationalization.locale} options={Object.values(CustomizationLocale).map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] ?? locale }))} onChange={(event) => edit((draft) => void (draft.internationalization.locale = event.target.value as CustomizationLocale))} />
        </div>
      </Section>

      <Section title="Logo and favicon" description="Addresses of images, one for the light theme and one for the dark.">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Logo" type="url" placeholder="https://example.com/logo.svg" value={value.header.logo?.light ?? ""} disabled={disabled} onChange={(event) => edit((draft) => setThemedUrl(draft.header, "logo", "light", event.target.value))} />
          <TextField label="Logo for the dark theme" type="url" placeholder="https://example.com/logo-dark.svg" value={value.header.logo?.dark ?? ""} disabled={disabled} onChange={(event) => edit((draft) => setThemedUrl(draft.header, "logo", "dark", event.target.value))} />
          <TextField label="Favicon" type="url" placeholder="https://example.com/favicon.png" value={icon?.light ?? ""} disabled={disabled} onChange={(event) => edit((draft) => setFavicon(draft, "light", event.target.value))} />
          <TextField label="Favicon for the dark theme" type="url" placeholder="https://example.com/favicon-dark.png" value={icon?.dark ?? ""} disabled={disabled} onChange={(event) => edit((draft) => setFavicon(draft, "dark", event.target.value))} />
        </div>
      </Section>

      <Section title="Header links" description="Links and buttons at the right of the header; a link with links under it opens as a menu.">
        <ListEditor<CustomizationHeaderItem>
          items={value.header.links}
          onChange={(links) => edit((draft) => void (draft.header.links = links))}
          itemName={(link, index) => `header link ${link.title || index + 1}`}
          noun="header link"
          empty="No links in the header."
          disabled={disabled}
          make={() => ({ title: "", style: "link", to: { kind: "url", url: "" }, links: [] })}
          renderItem={(link, update) => (
            <>
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField label="Title" value={link.title} maxLength={LINK_TITLE_MAX} disabled={disabled} onChange={(event) => update({ ...link, title: event.target.value })} />
                <SelectField
                  label="Style"
                  disabled={disabled}
                  value={link.style ?? "link"}
                  options={[
                    { value: "link", label: "Link" },
                    { value: "button-primary", label: "Primary button" },
                    { value: "button-secondary", label: "Secondary button" },
                  ]}
                  onChange={(event) => update({ ...link, style: event.target.value as CustomizationHeaderItem["style"] })}
                />
              </div>
              <LinkTargetField value={link.to} optional disabled={disabled} onChange={(to) => update({ ...link, to })} />
              <div className="space-y-2 border-l-2 border-slate-200 pl-3">
                <p className="text-sm font-medium text-slate-700">Menu of {link.title || "this link"}</p>
                <LinksEditor links={link.links} disabled={disabled} owner={link.title} onChange={(links) => update({ ...link, links })} />
              </div>
            </>
          )}
        />
      </Section>

      <Section title="Footer">
        <ListEditor
          items={value.footer.groups}
          onChange={(groups) => edit((draft) => void (draft.footer.groups = groups))}
          itemName={(group, index) => `footer group ${group.title || index + 1}`}
          noun="footer group"
          empty="No link groups in the footer."
          disabled={disabled}
          make={() => ({ title: "", links: [] })}
          renderItem={(group, update) => (
            <>
              <TextField label="Group title" value={group.title} maxLength={LINK_TITLE_MAX} disabled={disabled} onChange={(event) => update({ ...group, title: event.target.value })} />
              <LinksEditor links={group.links} disabled={disabled} owner={group.title} onChange={(links) => update({ ...group, links })} />
            </>
          )}
        />
        <TextField label="Copyright" placeholder="© Example Inc." value={value.footer.copyright ?? ""} maxLength={COPYRIGHT_MAX} disabled={disabled} onChange={(event) => edit((draft) => void (event.target.value ? (draft.footer.copyright = event.target.value) : delete draft.footer.copyright))} />
      </Section>

      <Section title="Announcement" description="A banner above the header of every page.">
        <Switch
          label="Show an announcement"
          checked={announcement?.enabled ?? false}
          disabled={disabled}
          onChange={(enabled) => edit((draft) => void (draft.announcement = { ...(draft.announcement ?? { message: "", style: "info" }), enabled }))}
        />
        {announcement && (
          <>
            <TextField label="Message" value={announcement.message} maxLength={ANNOUNCEMENT_MAX} disabled={disabled} hint={`${ANNOUNCEMENT_MIN} to ${ANNOUNCEMENT_MAX} characters.`} onChange={(event) => edit((draft) => void (draft.announcement!.message = event.target.value))} />
            <SelectField
              label="Style"
              disabled={disabled}
              value={announcement.style}
              options={["info", "success", "warning", "danger"].map((style) => ({ value: style, label: capitalize(style) }))}
              onChange={(event) => edit((draft) => void (draft.announcement!.style = event.target.value as typeof announcement.style))}
            />
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField label="Link title" placeholder="Read more" value={announcement.link?.title ?? ""} maxLength={LINK_TITLE_MAX} disabled={disabled} onChange={(event) => edit((draft) => setAnnouncementLink(draft, { title: event.target.value }))} />
              <TextField label="Link URL" type="url" placeholder="https://example.com/news" value={announcement.link?.to.kind === "url" ? announcement.link.to.url : ""} disabled={disabled} onChange={(event) => edit((draft) => setAnnouncementLink(draft, { url: event.target.value }))} />
            </div>
          </>
        )}
      </Section>

      <Section title="Light and dark">
        <SelectField label="Default theme" hint={value.themes.toggeable ? "Applies when visitors cannot switch. While they can, the site follows each visitor's system setting until they choose." : "Every visitor gets this theme."} disabled={disabled} value={value.themes.default} options={[{ value: "system", label: "The visitor's system setting" }, { value: "light", label: "Light" }, { value: "dark", label: "Dark" }]} onChange={(event) => edit((draft) => void (draft.themes.default = event.target.value as CustomizationDefaultThemeMode))} />
        <Switch label="Visitors can switch between light and dark" description="The site then follows each visitor's system setting (light or dark) until they choose; their choice is remembered." checked={value.themes.toggeable} disabled={disabled} onChange={(on) => edit((draft) => void (draft.themes.toggeable = on))} />
      </Section>

      <Section title="Pages">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">Page actions{variant ? " (set for the whole site)" : ""}</legend>
          <p className="text-xs text-slate-500">The page menu&apos;s actions; the first one is the page&apos;s main button. None: no page menu.</p>
          {PAGE_ACTIONS.map((action) => (
            <Switch
              key={action.value}
              label={action.label}
              checked={value.pageActions.items.includes(action.value)}
              disabled={disabled || variant}
              onChange={(on) => edit((draft) => void (draft.pageActions.items = on ? [...draft.pageActions.items, action.value] : draft.pageActions.items.filter((item) => item !== action.value)))}
            />
          ))}
        </fieldset>
        <Switch label="Previous and next links" description="At the end of every page." checked={value.pagination.enabled} disabled={disabled} onChange={(on) => edit((draft) => void (draft.pagination.enabled = on))} />
        <Switch label="Ask for feedback" description="“Was this page helpful?” at the end of every page." checked={value.feedback.enabled} disabled={disabled} onChange={(on) => edit((draft) => void (draft.feedback.enabled = on))} />
        <Switch label="PDF downloads" description="Readers may download a page or a section as PDF." checked={value.pdf.enabled} disabled={disabled} onChange={(on) => edit((draft) => void (draft.pdf.enabled = on))} />
        <Switch label="“Powered by Quire”" description="In the footer." checked={value.trademark.enabled} disabled={disabled} onChange={(on) => edit((draft) => void (draft.trademark.enabled = on))} />
        <Switch label="Count visitors with a cookie" description={variant ? "Set for the whole site." : undefined} checked={value.insights.trackingCookie} disabled={disabled || variant} onChange={(on) => edit((draft) => void (draft.insights.trackingCookie = on))} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="External links open in" disabled={disabled} value={value.externalLinks.target} options={[{ value: "self", label: "The same tab" }, { value: "blank", label: "A new tab" }]} onChange={(event) => edit((draft) => void (draft.externalLinks.target = event.target.value as SiteExternalLinksTarget))} />
          <SelectField label="AI" disabled={disabled || variant} hint={variant ? "Set for the whole site." : undefined} value={value.ai.mode} options={[{ value: CustomizationAIMode.None, label: "Off" }, { value: CustomizationAIMode.Search, label: "AI answers in search" }, { value: CustomizationAIMode.Assistant, label: "Assistant" }]} onChange={(event) => edit((draft) => void (draft.ai.mode = event.target.value as CustomizationAIMode))} />
        </div>
      </Section>

      <Section title="Links for search engines and sharing">
        <TextField label="Privacy policy" type="url" placeholder="https://example.com/privacy" value={value.privacyPolicy.url ?? ""} disabled={disabled} onChange={(event) => edit((draft) => void (event.target.value ? (draft.privacyPolicy.url = event.target.value) : delete draft.privacyPolicy.url))} />
        <TextField label="Social preview image" type="url" placeholder="https://example.com/preview.png" hint="Shown when a page of the site is shared." value={value.socialPreview.url ?? ""} disabled={disabled} onChange={(event) => edit((draft) => void (event.target.value ? (draft.socialPreview.url = event.target.value) : delete draft.socialPreview.url))} />
      </Section>
    </div>
  );
}

const LOCALE_NAMES: Partial<Record<string, string>> = { en: "English", fr: "French", es: "Spanish", zh: "Chinese", ja: "Japanese", de: "German", nl: "Dutch", no: "Norwegian", "pt-br": "Portuguese (Brazil)", ru: "Russian" };

function LinksEditor({ links, onChange, owner, disabled }: { links: CustomizationContentLink[]; onChange: (links: CustomizationContentLink[]) => void; owner: string; disabled: boolean }) {
  return (
    <ListEditor
      items={links}
      onChange={onChange}
      itemName={(link, index) => `link ${link.title || index + 1}${owner ? ` of ${owner}` : ""}`}
      noun="link"
      disabled={disabled}
      make={() => ({ title: "", to: { kind: "url" as const, url: "" } })}
      renderItem={(link, update) => (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Link title" value={link.title} maxLength={LINK_TITLE_MAX} disabled={disabled} onChange={(event) => update({ ...link, title: event.target.value })} />
          <LinkTargetField value={link.to} disabled={disabled} onChange={(to) => update({ ...link, to: to ?? { kind: "url", url: "" } })} />
        </div>
      )}
    />
  );
}

function setThemedUrl(target: { logo?: { light: string; dark: string } }, key: "logo", mode: "light" | "dark", url: string) {
  target[key] = { light: target[key]?.light ?? "", dark: target[key]?.dark ?? "", [mode]: url };
}

function setFavicon(draft: Customization, mode: "light" | "dark", url: string) {
  const holder: { logo?: { light: string; dark: string } } = { logo: favicon(draft) };
  setThemedUrl(holder, "logo", mode, url);
  draft.favicon = { icon: holder.logo! };
}

/**
 * What a variant may override (the service's override body), by group: a group's listed keys are
 * overridden one by one; `true`, the value as a whole. Fonts, page actions, AI and visitor counting
 * are the whole site's.
 */
const OVERRIDABLE: Record<string, true | readonly string[]> = {
  title: true,
  favicon: true,
  announcement: true,
  styling: ["theme", "primaryColor", "infoColor", "successColor", "warningColor", "dangerColor", "tint", "corners", "depth", "links", "icons", "sidebar", "search"],
  internationalization: ["locale"],
  header: ["logo", "links"],
  footer: ["logo", "groups", "copyright"],
  themes: ["default", "toggeable"],
  feedback: ["enabled"],
  pdf: ["enabled"],
  externalLinks: ["target"],
  pagination: ["enabled"],
  trademark: ["enabled"],
  privacyPolicy: ["url"],
  socialPreview: ["url"],
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A variant's override as sent: only what differs from the settings it showed, so that what was not
 * touched keeps following the site; a value taken away is null (back to the site's).
 */
export function overrideOf(draft: Customization, saved: Customization): Record<string, unknown> {
  const next = customizationForSave(draft) as unknown as Record<string, Record<string, unknown> | undefined>;
  const before = customizationForSave(saved) as unknown as Record<string, Record<string, unknown> | undefined>;
  const patch: Record<string, unknown> = {};
  for (const [key, keys] of Object.entries(OVERRIDABLE)) {
    if (keys === true) {
      if (!same(next[key], before[key])) patch[key] = next[key] ?? null;
      continue;
    }
    const group: Record<string, unknown> = {};
    for (const inner of keys) if (!same(next[key]?.[inner], before[key]?.[inner])) group[inner] = next[key]?.[inner] ?? null;
    if (Object.keys(group).length > 0) patch[key] = group;
  }
  return patch;
}

/** An image for both themes as saved: one address serves both until the other is given; none, no image. */
function savedThemedUrl(pair: { light: string; dark: string } | undefined): { light: string; dark: string } | undefined {
  if (!pair || (!pair.light && !pair.dark)) return undefined;
  return { light: pair.light || pair.dark, dark: pair.dark || pair.light };
}

/** The customization as it is sent: server-kept fields left out, half-given images completed, empty ones dropped. */
export function customizationForSave(customization: Customization): Customization {
  const { updatedAt: _updatedAt, ...rest } = customization as Customization & { hasOverrides?: boolean };
  const draft = structuredClone(rest) as Customization & { hasOverrides?: boolean };
  delete draft.hasOverrides;
  const logo = savedThemedUrl(draft.header.logo);
  if (logo) draft.header.logo = logo;
  else delete draft.header.logo;
  const icon = savedThemedUrl(favicon(draft));
  if ("icon" in draft.favicon) draft.favicon = icon ? { icon } : {};
  return draft;
}

function setAnnouncementLink(draft: Customization, change: { title?: string; url?: string }) {
  const announcement = draft.announcement!;
  const title = change.title ?? announcement.link?.title ?? "";
  const url = change.url ?? (announcement.link?.to.kind === "url" ? announcement.link.to.url : "");
  if (!title && !url) delete announcement.link;
  else announcement.link = { title, to: { kind: "url", url } };
}
