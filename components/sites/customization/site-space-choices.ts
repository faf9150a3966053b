/** The parts of a site structure (the reference's SiteStructure) that choices are made from. */
type SiteSpaceLike = { id: string; title: string; path: string; space: { id: string; title: string } };
type StructureEntry = { object: string; id: string; title: string; path?: string; siteSpaces?: SiteSpaceLike[]; sections?: StructureEntry[] };
type StructureLike = { type: "sections"; structure: StructureEntry[] } | { type: "siteSpaces"; structure: SiteSpaceLike[] };

export type SectionChoice = { id: string; label: string; path: string; variants: SiteSpaceChoice[] };
export type SiteSpaceChoice = { id: string; label: string; spaceId: string };

/** The site's sections in order (those inside groups too), each with its variants; a site without sections has none. */
export function sectionChoices(structure: StructureLike): SectionChoice[] {
  if (structure.type !== "sections") return [];
  const sections = structure.structure.flatMap((entry) => (entry.object === "site-section-group" ? (entry.sections ?? []) : entry.object === "site-section" ? [entry] : []));
  return sections.map((section) => ({
    id: section.id,
    label: section.title,
    path: section.path ?? "",
    variants: (section.siteSpaces ?? []).map((siteSpace) => variantChoice(siteSpace, sections.length > 1 ? section.title : null)),
  }));
}

/** Every site space of the site, named "Section › Variant" when the site has several sections. */
export function siteSpaceChoices(structure: StructureLike): SiteSpaceChoice[] {
  if (structure.type === "siteSpaces") return structure.structure.map((siteSpace) => variantChoice(siteSpace, null));
  return sectionChoices(structure).flatMap((section) => section.variants);
}

function variantChoice(siteSpace: SiteSpaceLike, section: string | null): SiteSpaceChoice {
  const title = siteSpace.title || siteSpace.space.title;
  return { id: siteSpace.id, label: section ? `${section} › ${title}` : title, spaceId: siteSpace.space.id };
}
