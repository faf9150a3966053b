-- Revisions become roots of content-addressed tries (server/content/store): page versions,
-- trie nodes and page bodies are stored once per space and shared by every revision that has them.

DROP TABLE "revision_pages";

ALTER TABLE "revisions" ADD COLUMN "root" TEXT COLLATE "C" NOT NULL;

CREATE TABLE "content_objects" (
    "space_id" TEXT COLLATE "C" NOT NULL,
    "hash" TEXT COLLATE "C" NOT NULL,
    "data" JSONB NOT NULL,
    CONSTRAINT "content_objects_pkey" PRIMARY KEY ("space_id","hash")
);

CREATE TABLE "content_bodies" (
    "space_id" TEXT COLLATE "C" NOT NULL,
    "hash" TEXT COLLATE "C" NOT NULL,
    "body" TEXT NOT NULL,
    CONSTRAINT "content_bodies_pkey" PRIMARY KEY ("space_id","hash")
);

-- Purging a space removes its content with it.
ALTER TABLE "content_objects" ADD CONSTRAINT "content_objects_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "content_bodies" ADD CONSTRAINT "content_bodies_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
