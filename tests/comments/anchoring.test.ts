import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { startApiServer } from "../helpers/server";
import { commentWorld, type Client, type Server } from "./helpers";

// Many calls each, on a machine other suites share.
vi.setConfig({ testTimeout: 120_000 });

let server: Server;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

/** Each top-level block of a page as `format=document` reads it: its key and its text. */
async function blocksOf(client: Client, spaceId: string, pageId: string, changeRequestId?: string) {
  const path = changeRequestId ? `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content/page/${pageId}` : `/v1/spaces/${spaceId}/content/page/${pageId}`;
  const page = await client.get(`${path}?format=document`);
  const text = (node: { leaves?: { text: string }[]; nodes?: unknown[] }): string => (node.leaves ? node.leaves.map((leaf) => leaf.text).join("") : (node.nodes ?? []).map((child) => text(child as never)).join(""));
  return (page.body.document.nodes as { key: string }[]).map((node) => ({ key: node.key, text: text(node as never) }));
}

test("a block comment on a change request keeps its block through edits around it, an update from main and the merge; deleting the block marks it deleted", async () => {
  const { admin, space, pageId, changeRequest, crBase, spaceBase } = await commentWorld(server);
  const content = (cr: string) => `/v1/spaces/${space.id}/change-requests/${cr}/content`;
  const second = (await blocksOf(admin, space.id, pageId, changeRequest.id)).find((block) => block.text === "Second paragraph.")!;
  const comment = (await admin.post(crBase, { page: pageId, node: second.key, body: { markdown: "About the second paragraph" } })).body;
  const read = async () => (await admin.get(`${crBase}/${comment.id}`)).body.target;
  expect(await read()).toMatchObject({ changeRequest: changeRequest.id, page: { id: pageId, outdated: false }, node: { id: second.key, preview: "Second paragraph." } });

  // Edited around the block: paragraphs inserted before it, another block changed.
  const edited = "First paragraph, reworded.\n\nA new paragraph.\n\nAnother new one.\n\nSecond paragraph.\n\nThird paragraph.\n";
  expect((await admin.post(content(changeRequest.id), { changes: [{ operation: "update_page", page: pageId, document: { markdown: edited } }] })).status).toBe(200);
  let blocks = await blocksOf(admin, space.id, pageId, changeRequest.id);
  expect(blocks.find((block) => block.text === "Second paragraph.")!.key).toBe(second.key);
  let target = await read();
  expect(target.page.outdated).toBe(true);
  expect(target.node).toEqual({ id: second.key, preview: "Second paragraph." });

  // Main changes the page elsewhere; the change request takes it in.
  const other = (await admin.post(`/v1/spaces/${space.id}/change-requests`, { subject: "Main edit" })).body;
  const mainEdit = "First paragraph.\n\nSecond paragraph.\n\nThird paragraph, improved in main.\n";
  expect((await admin.post(content(other.id), { changes: [{ operation: "update_page", page: pageId, document: { markdown: mainEdit } }] })).status).toBe(200);
  const spaceComment = (await admin.post(spaceBase, { page: pageId, node: second.key, body: { markdown: "On main's block" } })).body;
  expect((await admin.post(`/v1/spaces/${space.id}/change-requests/${other.id}/merge`)).status).toBe(200);
  expect((await admin.get(`${spaceBase}/${spaceComment.id}`)).body.target).toMatchObject({ page: { outdated: true }, node: { id: second.key } });
  expect((await admin.get(`${spaceBase}/${spaceComment.id}`)).body.target.node.deleted).toBeUndefined();
  const updated = await admin.post(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}/update`);
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  blocks = await blocksOf(admin, space.id, pageId, changeRequest.id);
  expect(blocks.map((block) => block.text)).toEqual(["First paragraph, reworded.", "A new paragraph.", "Another new one.", "Second paragraph.", "Third paragraph, improved in main."]);
  expect(blocks[3]!.key).toBe(second.key);
  target = await read();
  expect(target.node).toEqual({ id: second.key, preview: "Second paragraph." });

  // Merged: the change request's comments are read in the revision its merge made.
  const merged = await admin.post(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}/merge`);
  expect(merged.status, JSON.stringify(merged.body)).toBe(200);
  expect((await blocksOf(admin, space.id, pageId))[3]!.key).toBe(second.key);
  target = await read();
  expect(target.revision).toBe(merged.body.revision);
  expect(target.node).toEqual({ id: second.key, preview: "Second paragraph." });
  expect(target.page.outdated).toBe(true);

  // On main, the block goes: both comments stay, marked as pointing at a deleted block; the page goes: marked deleted.
  const removing = (await admin.post(`/v1/spaces/${space.id}/change-requests`, { subject: "Remove it" })).body;
  await admin.post(content(removing.id), { changes: [{ operation: "update_page", page: pageId, document: { markdown: "First paragraph, reworded.\n" } }] });
  await admin.post(`/v1/spaces/${space.id}/change-requests/${removing.id}/merge`);
  expect((await admin.get(`${spaceBase}/${spaceComment.id}`)).body.target).toMatchObject({ page: { id: pageId, title: "Guide", outdated: true }, node: { id: second.key, preview: "Second paragraph.", deleted: true } });
  const deleting = (await admin.post(`/v1/spaces/${space.id}/change-requests`, { subject: "Delete the page" })).body;
  expect((await admin.post(content(deleting.id), { changes: [{ operation: "delete_page", page: pageId }] })).status).toBe(200);
  await admin.post(`/v1/spaces/${space.id}/change-requests/${deleting.id}/merge`);
  const gone = (await admin.get(`${spaceBase}?targetPage=${pageId}`)).body.items[0];
  expect(gone.id).toBe(spaceComment.id);
  expect(gone.target).toMatchObject({ page: { id: pageId, title: "Guide", outdated: true, deleted: true }, node: { id: second.key, deleted: true } });
});

test("a page comment is outdated once the page changes, and current until then", async () => {
  const { admin, space, pageId, spaceBase } = await commentWorld(server);
  const comment = (await admin.post(spaceBase, { page: pageId, body: { markdown: "Page-level" } })).body;
  const unrelated = (await admin.post(`/v1/spaces/${space.id}/change-requests`, { subject: "Add a page" })).body;
  await admin.post(`/v1/spaces/${space.id}/change-requests/${unrelated.id}/content`, { changes: [{ operation: "insert_page", title: "Other", slug: "other", document: { markdown: "Other.\n" } }] });
  await admin.post(`/v1/spaces/${space.id}/change-requests/${unrelated.id}/merge`);
  expect((await admin.get(`${spaceBase}/${comment.id}`)).body.target.page).toMatchObject({ outdated: false, title: "Guide", path: "guide" });
  const editing = (await admin.post(`/v1/spaces/${space.id}/change-requests`, { subject: "Edit" })).body;
  await admin.post(`/v1/spaces/${space.id}/change-requests/${editing.id}/content`, { changes: [{ operation: "update_page", page: pageId, document: { markdown: "Rewritten.\n" } }] });
  await admin.post(`/v1/spaces/${space.id}/change-requests/${editing.id}/merge`);
  expect((await admin.get(`${spaceBase}/${comment.id}`)).body.target.page.outdated).toBe(true);
});
