import type { ServiceContext } from "../../context";
import { badRequest } from "../../errors";
import { newId } from "../../ids";
import { writeStructure } from "./access";
import { groupIn } from "./records";
import { loadStructure, topLevelItems } from "./rules";
import type { AddGroupInput } from "./schemas";
import { appendToGroup, recordGroup } from "./section-group-records";

export async function addSectionGroup(ctx: ServiceContext, organizationId: string, siteId: string, input: AddGroupInput) {
  return writeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const structure = await loadStructure(tx, siteId);
    // Groups gather sections: a site showing its spaces at the root has none to gather.
    if (structure.sections.length === 0) throw badRequest("The site has no sections to group: add a section first.");
    const group = await tx.siteSectionGroup.create({
      data: { id: newId(), siteId, title: input.title, icon: input.icon ?? null, position: topLevelItems(structure).length },
    });
    if (input.sections?.length) await appendToGroup(tx, siteId, group.id, input.sections, "sections");
    recordGroup(events, access.site, "site_section_group.added", group, { siteSectionIds: input.sections ?? [] });
    return groupIn(group.id);
  });
}
