import type { Actor } from "../auth/actor";
import type { FileVersion } from "../content/revisions";
import { db } from "../db/client";
import { notFound } from "../errors";
import { entityIdSchema } from "../ids";
import { loadSpace } from "../policies/access";
import { isBlobKey } from "./blob-key";
import { fileStorage } from "./file-storage";
import { permits } from "../policies/authorize";

export type FileDownload = { bytes: Buffer; name: string; contentType: string };

/**
 * The bytes of a file of a space, for a caller who can see the space. Blobs are shared by every
 * space holding the same bytes, so the key alone proves nothing: the space's own content must
 * hold a file version of it (in any revision, change requests' included).
 */
export async function readFileForDownload(actor: Actor, spaceId: string, key: string): Promise<FileDownload> {
  // Both come from the URL: checked before either reaches a query.
  if (!entityIdSchema.safeParse(spaceId).success || !isBlobKey(key)) throw notFound(`No file ${key} in space ${spaceId}.`);
  const { space, role } = await loadSpace(db(), actor, spaceId);
  if (!permits({ role }, "space.view", space)) throw notFound(`No file ${key} in space ${spaceId}.`);
  // Served by the partial index content_objects_file_blob_idx (migration 20261122030000_file_blobs).
  const [version] = await db().$queryRaw<{ data: FileVersion }[]>`
    SELECT data FROM content_objects WHERE space_id = ${spaceId} AND data ? 'blob' AND data->>'blob' = ${key} LIMIT 1`;
  const bytes = version && (await fileStorage().get(key));
  if (!version || !bytes) throw notFound(`No file ${key} in space ${spaceId}.`);
  return { bytes, name: version.data.name, contentType: version.data.contentType };
}
