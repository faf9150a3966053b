import { pageKey, type Page, type PageVersion } from "../../server/content/revisions";
import { ObjectStore } from "../../server/content/store/object-store";
import { trieSet } from "../../server/content/store/trie";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";

/**
 * Writes pages into a change request's content the way versions were written before page
 * markdown was bounded and its links recorded: no validation, no parsing. For tests of what
 * reads and merges do with such stored data.
 */
export async function commitLegacyPages(changeRequestId: string, pages: Page[]): Promise<void> {
  await db().$transaction(async (tx) => {
    const changeRequest = await tx.changeRequest.findUniqueOrThrow({ where: { id: changeRequestId } });
    const base = await tx.revision.findUniqueOrThrow({ where: { id: changeRequest.revisionId } });
    const store = new ObjectStore(tx, changeRequest.spaceId);
    const changes = new Map(pages.map(({ markdown, ...page }) => [pageKey(page.id), store.putObject({ ...page, body: store.putBody(markdown) } satisfies PageVersion)]));
    const root = await trieSet(store, base.root, changes);
    await store.flush();
    const revision = await tx.revision.create({
      data: { id: newId(), spaceId: changeRequest.spaceId, parents: [base.id], type: "edits", root, variables: base.variables ?? {}, changeRequestId },
    });
    await tx.changeRequest.update({ where: { id: changeRequestId }, data: { revisionId: revision.id } });
  });
}
