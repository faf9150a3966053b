import { loadChangeRequest } from "../change-requests/access";
import { commitRevision, currentRevision, readPages } from "../content/revisions";
import type { ServiceContext } from "../context";
import type { Db } from "../db/client";
import type { Revision, Space } from "../db/generated/client";
import { fieldError } from "../errors";
import { loadSpace } from "../policies/access";
import type { Role } from "../policies/roles";
import { setMainRevision } from "../search/index-space";
import { writeSpace } from "../spaces/write-space";
import { findSpaceTemplate } from "./catalog";
import { instantiateTemplate } from "./instantiate-template";
import type { ApplySpaceTemplateInput } from "./schemas";
import { authorize } from "../policies/authorize";

/**
 * Fills an empty space (or an empty change request) with a built-in template, as one new
 * revision on top of the current one. Content that has pages is refused rather than merged
 * with the template: applying twice, or onto written pages, would mix two structures.
 */
export async function applySpaceTemplate(ctx: ServiceContext, spaceId: string, input: ApplySpaceTemplateInput): Promise<void> {
  const template = findSpaceTemplate(input.id);
  if (!template) throw fieldError("id", `Unknown template ${JSON.stringify(input.id)}`);
  const pages = instantiateTemplate(template);
  // Into main, a write of the space itself: two applications cannot both see it empty.
  const lock = input.changeRequestId ? "changeRequests" : "space";
  await writeSpace(ctx, spaceId, { lock, pages: pages.length }, async (tx, events) => {
    if (input.changeRequestId) {
      const access = await loadChangeRequest(tx, ctx.actor, spaceId, input.changeRequestId, { forUpdate: true });
      authorize(access, "changeRequest.editContent", access);
      const { changeRequest } = access;
      const base = await tx.revision.findUniqueOrThrow({ where: { id: changeRequest.revisionId } });
      await assertEmpty(tx, base, "changeRequestId", "The change request's content is not empty");
      const revision = await commitTemplate(tx, ctx, base, pages, changeRequest.id);
      await tx.changeRequest.update({ where: { id: changeRequest.id }, data: { revisionId: revision.id } });
      events.record({ organizationId: access.space.organizationId, action: "space.template_applied", target: { type: "space", id: spaceId, label: access.space.title }, payload: { template: template.id, revision: revision.id, changeRequestId: changeRequest.id } });
      return;
    }
    const access = await loadSpace(tx, ctx.actor, spaceId);
    assertCanEdit(access.role, access.space);
    const base = await currentRevision(tx, access.space);
    await assertEmpty(tx, base, "spaceId", "The space is not empty");
    const revision = await commitTemplate(tx, ctx, base, pages);
    // Through the search index's one entry point, so the new pages are indexed once committed.
    await setMainRevision(tx, access.space, revision);
    events.record({ organizationId: access.space.organizationId, action: "space.template_applied", target: { type: "space", id: spaceId, label: access.space.title }, payload: { template: template.id, revision: revision.id } });
  });
}

function assertCanEdit(role: Role | null, space: Space): void {
  authorize({ role }, "space.applyTemplate", space);
}

async function assertEmpty(tx: Db, revision: Revision, field: string, message: string): Promise<void> {
  const pages = await readPages(tx, revision);
  if (pages.length > 0) throw fieldError(field, `${message} (${pages.length} ${pages.length === 1 ? "page" : "pages"}); templates apply only to content without pages`);
}

function commitTemplate(tx: Db, ctx: ServiceContext, base: Revision, pages: ReturnType<typeof instantiateTemplate>, changeRequestId?: string): Promise<Revision> {
  return commitRevision(tx, { spaceId: base.spaceId, base, parents: [base.id], put: pages, authorId: ctx.actor.userId, changeRequestId });
}
