import type { SiteRequest } from "../endpoints";
import { absoluteUrl, fileHref, pageHref, siteSpaceHref } from "../paths";
import type { ModelPage, ModelSection, ModelSiteSpace } from "../types";
import { siteSpacesOf } from "../render/chrome";
import { attrs } from "../render/html";
import { hiddenFromRobots } from "./listing";

/** The page a head describes: the `page` kind of `SiteRoute`. */
export type PageRoute = { section: ModelSection | null; siteSpace: ModelSiteSpace; page: ModelPage };

/**
 * The machine-read part of a published page's `<head>`, as escaped HTML: the canonical URL, Open
 * Graph and Twitter card tags, `robots` noindex where the site or page asks search engines to stay
 * away (any site but a public one, a page marked `noRobotsIndex`), and hreflang alternates to the
 * same page in the section's other languages.
 */
export function headTags(req: SiteRequest, route: PageRoute): string {
  const { address, visible } = req;
  const { section, siteSpace, page } = route;
  const url = absoluteUrl(address, pageHref(address, section, siteSpace, page));
  const title = page.title;
  const description = page.description.trim();
  const image = previewImage(req, route);
  const noindex = hiddenFromRobots(visible) || page.noRobotsIndex;
  const tags: [string, Record<string, string | null>][] = [
    ["link", { rel: "canonical", href: url }],
    ["meta", { property: "og:type", content: "website" }],
    ["meta", { property: "og:url", content: url }],
    ["meta", { property: "og:title", content: title }],
    ["meta", { property: "og:site_name", content: visible.site.title }],
    ["meta", { property: "og:description", content: description || null }],
    ["meta", { property: "og:image", content: image }],
    ["meta", { name: "twitter:card", content: image ? "summary_large_image" : "summary" }],
    ["meta", { name: "twitter:title", content: title }],
    ["meta", { name: "twitter:description", content: description || null }],
    ["meta", { name: "twitter:image", content: image }],
    ["meta", { name: "robots", content: noindex ? "noindex" : null }],
    ...alternates(req, route).map(([hreflang, href]): [string, Record<string, string>] => ["link", { rel: "alternate", hreflang, href }]),
  ];
  // A tag whose value is missing is left out.
  return tags
    .filter(([, attributes]) => Object.values(attributes).every((value) => value !== null))
    .map(([name, attributes]) => `<${name}${attrs(attributes)}>`)
    .join("\n");
}
/** The page's cover (light), else the variant's social preview image, as an absolute URL. */
function previewImage({ address }: SiteRequest, { siteSpace, page }: PageRoute): string | null {
  const cover = page.cover?.ref;
  if (cover?.kind === "file") return absoluteUrl(address, fileHref(address, siteSpace.spaceId, cover.file));
  if (cover?.kind === "url") return cover.url;
  const preview = (siteSpace.customization.socialPreview as { url?: unknown } | undefined)?.url;
  return typeof preview === "string" && preview !== "" ? preview : null;
}

/**
 * `[hreflang, URL]` for each variant of the section that has a language (the current one
 * included, as the markup asks), at the same page path there or, lacking it, at that variant's
 * home; plus `x-default` to the section's default variant. None unless the page's own variant has a
 * language and another variant has one too.
 */
function alternates({ address, visible }: SiteRequest, { section, siteSpace, page }: PageRoute): [string, string][] {
  const all = siteSpacesOf(visible, section);
  const variants = all.filter((each) => each.language);
  if (!siteSpace.language || variants.length < 2) return [];
  const hrefFor = (variant: ModelSiteSpace) => {
    const same = variant.pages.find((each) => each.path === page.path);
    return absoluteUrl(address, same ? pageHref(address, section, variant, same) : siteSpaceHref(address, section, variant));
  };
  const links: [string, string][] = [];
  const seen = new Set<string>();
  for (const variant of variants) {
    const language = variant.language!;
    if (seen.has(language.toLowerCase())) continue;
    seen.add(language.toLowerCase());
    links.push([language, hrefFor(variant)]);
  }
  const fallback = all.find((each) => each.isDefault) ?? variants[0]!;
  links.push(["x-default", hrefFor(fallback)]);
  return links;
}
