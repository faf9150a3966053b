import { createHash } from "node:crypto";
import { inReadingOrder, readPages, slugPaths, type PageVersion } from "../../content/revisions";
import { db, type Db } from "../../db/client";
import type { Site, SiteSection, SiteSpace } from "../../db/generated/client";
import { loadSiteScripts, type SiteScripts } from "../../integrations/builtin/site-scripts";
import { adaptiveSchemaOf, parseCondition, type ConditionNode } from "../conditions";
import { siteSettings, siteSpaceSettings } from "../customization/settings";
import { loadStructure, sectionsOfGroup, siteSpacesOf, topLevelItems } from "../structure/rules";
import type { ModelPage, ModelSection, ModelSiteSpace, SiteModel } from "./types";

/**
 * Builds the SiteModel of a published site from the database: the site, its structure (one query
 * per table), the spaces it shows with their main revisions, and each revision's pages in reading
 * order. Done once per content version per app server (server/sites/serve/cache.ts keeps it);
 * no reader's request ever repeats it while the content stays the same.
 */

/** A condition that cannot be read (written under an older grammar, or hand-edited) shows its content to nobody. */
const NEVER: ConditionNode = { type: "literal", value: false, start: 0, end: 0 };

/**
 * Conditions are parsed for syntax only: they were checked against the visitor schema when written,
 * and a claim the schema no longer declares simply reads as undefined for every visitor.
 */
function conditionOf(source: string | null | undefined): ConditionNode | null {
  if (source === null || source === undefined || source.trim() === "") return null;
  const parsed = parseCondition(source, null);
  return parsed.ok ? parsed.ast : NEVER;
}

type SpaceRow = { id: string; title: string; language: string | null; revisionId: string | null };
type RevisionRow = { id: string; spaceId: string; root: string };

function modelPages(versions: PageVersion[], homePageId: string | null): ModelPage[] {
  const ordered = inReadingOrder(versions);
  const paths = slugPaths(versions);
  const home = (homePageId && ordered.find((page) => page.id === homePageId)) || ordered[0];
  return ordered.map((page) => ({
    id: page.id,
    title: page.title,
    slug: page.slug,
    path: page === home ? "" : paths.get(page.id)!,
    parentId: page.parentId,
    depth: page.depth,
    description: page.description ?? "",
    ...(page.emoji ? { emoji: page.emoji } : {}),
    ...(page.icon ? { icon: page.icon } : {}),
    hidden: page.hidden === true,
    noIndex: page.noIndex === true,
    noRobotsIndex: page.noRobotsIndex === true,
    ...(page.layout ? { layout: page.layout } : {}),
    ...(page.cover ? { cover: page.cover } : {}),
    condition: conditionOf(page.condition),
    updatedAt: page.updatedAt,
  }));
}

/**
 * The site's model, or null when there is no such site, its organization is deleted, or it is not
 * published (`unpublished`: the model it would have, for the customization's preview).
 */
export async function loadSiteModel(siteId: string, tx: Db = db(), options: { unpublished?: boolean } = {}): Promise<SiteModel | null> {
  const site = await tx.site.findFirst({ where: { id: siteId, organization: { deletedAt: null } } });
  if (!site || (!site.published && !options.unpublished)) return null;
  const structure = await loadStructure(tx, siteId);
  const scripts = await loadSiteScripts(tx, siteId);
  const spaceIds = [...new Set(structure.siteSpaces.map((row) => row.spaceId))];
  const spaces: SpaceRow[] = await tx.space.findMany({
    where: { id: { in: spaceIds }, deletedAt: null },
    select: { id: true, title: true, language: true, revisionId: true },
  });
  const revisionIds = spaces.flatMap((space) => (space.revisionId ? [space.revisionId] : []));
  const revisions: RevisionRow[] = await tx.revision.findMany({ where: { id: { in: revisionIds } }, select: { id: true, spaceId: true, root: true } });
  const pagesByRevision = new Map(await Promise.all(revisions.map(async (revision) => [revision.id, await readPages(tx, revision)] as const)));
  const spaceById = new Map(spaces.map((space) => [space.id, space]));

  const toSiteSpace = (row: SiteSpace, isRootOrSectionDefault: boolean): ModelSiteSpace | null => {
    const space = spaceById.get(row.spaceId);
    const versions = space?.revisionId ? pagesByRevision.get(space.revisionId) : undefined;
    // A space deleted (or never given content) since it was added shows nothing: its site space is left out.
    if (!space || !versions) return null;
    return {
      id: row.id,
      title: row.title ?? space.title,
      path: isRootOrSectionDefault ? "" : row.path,
      isDefault: row.isDefault,
      condition: conditionOf(row.condition),
      spaceId: space.id,
      language: space.language,
      revisionId: space.revisionId!,
      customization: siteSpaceSettings(site, row),
      pages: modelPages(versions, row.pageId),
    };
  };
  const siteSpacesIn = (sectionId: string | null) =>
    siteSpacesOf(structure, sectionId).flatMap((row) => {
      const siteSpace = toSiteSpace(row, row.isDefault);
      return siteSpace ? [siteSpace] : [];
    });
  const toSection = (row: SiteSection): ModelSection => ({
    id: row.id,
    title: row.title,
    description: row.description,
    icon: row.icon,
    path: row.isDefault ? "" : row.path,
    isDefault: row.isDefault,
    condition: conditionOf(row.condition),
    sectionGroupId: row.sectionGroupId,
    siteSpaces: siteSpacesIn(row.id),
  });

  const sectionById = new Map(structure.sections.map((row) => [row.id, toSection(row)]));
  const topLevel: SiteModel["topLevel"] = topLevelItems(structure).map((item) =>
    item.type === "site-section"
      ? { type: "section" as const, section: sectionById.get(item.row.id)! }
      : {
          type: "group" as const,
          group: { id: item.row.id, title: item.row.title, icon: item.row.icon, sectionIds: sectionsOfGroup(structure, item.row.id).map((row) => row.id) },
          sections: sectionsOfGroup(structure, item.row.id).map((row) => sectionById.get(row.id)!),
        },
  );
  const sections = topLevel.flatMap((item) => (item.type === "section" ? [item.section] : item.sections));
  return {
    site,
    version: modelVersion(site, structure, spaces, scripts),
    customization: siteSettings(site),
    adaptiveSchema: adaptiveSchemaOf(site),
    topLevel,
    sections,
    rootSiteSpaces: sections.length === 0 ? siteSpacesIn(null) : [],
    scripts,
  };
}

/**
 * A digest of everything the model was built from: the site row, the structure's rows and each
 * space's title, language and revision (a revision id names its content). Equal on every app
 * server for the same content, so ETags made from it agree across servers.
 */
function modelVersion(site: Site, structure: Awaited<ReturnType<typeof loadStructure>>, spaces: SpaceRow[], scripts: SiteScripts | null): string {
  const hash = createHash("sha256");
  hash.update(JSON.stringify(site, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value)));
  hash.update(JSON.stringify(structure));
  hash.update(JSON.stringify([...spaces].sort((a, b) => (a.id < b.id ? -1 : 1))));
  if (scripts) hash.update(JSON.stringify(scripts));
  return hash.digest("base64url").slice(0, 22);
}
