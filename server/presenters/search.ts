import type { Urls } from "../http/urls";
import type { PageHit } from "../search/query";
import type { SpaceHitRecord } from "../search/search-organization";

/**
 * Search results as the reference's SearchPageResult, SearchSectionResult and SearchSpaceResult,
 * from the hits the search services return (server/search/query.ts). A section's id is
 * `<page id>#<anchor>` (the page id alone for the lead before the first heading), unique across
 * results; its URL opens the page at that heading.
 */

type SpaceRef = { id: string; organizationId: string };

export function presentPageHit(hit: PageHit, space: SpaceRef, urls: Urls) {
  const pageUrl = urls.app(`/o/${space.organizationId}/s/${space.id}/p/${hit.pageId}`);
  const path = [...hit.ancestors.map((ancestor) => ancestor.slug), hit.slug].join("/");
  return {
    id: hit.pageId,
    title: hit.title,
    description: hit.description,
    path,
    score: hit.score,
    rank: hit.rank,
    resultType: hit.pageMatched || !hit.sections.some((section) => section.matched) ? ("page" as const) : ("section" as const),
    sections: hit.sections.map((section) => ({
      id: section.id ? `${hit.pageId}#${section.id}` : hit.pageId,
      title: section.title,
      path: section.id ? `${path}#${section.id}` : path,
      score: section.score,
      resultType: section.matched ? ("section" as const) : ("page" as const),
      body: section.snippet,
      urls: { app: section.id ? `${pageUrl}#${encodeURIComponent(section.id)}` : pageUrl },
    })),
    ancestors: hit.ancestors.map((ancestor) => ({ title: ancestor.title })),
    urls: { app: pageUrl },
  };
}

export function presentSpaceHit(record: SpaceHitRecord, urls: Urls) {
  const pages = record.pages.map((hit) => presentPageHit(hit, record, urls));
  return { type: "space" as const, id: record.id, title: record.title, score: Math.max(0, ...pages.map((page) => page.score)), pages };
}
