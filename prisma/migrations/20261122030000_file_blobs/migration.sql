-- File bytes, stored once under their SHA-256 when file storage is PostgreSQL (the default;
-- QUIRE_STORAGE=disk keeps them in $QUIRE_DATA_DIR/files instead). Revisions refer to them from
-- their file versions (`blob`), so equal bytes uploaded twice or copied with a space are stored once.

CREATE TABLE "file_blobs" (
    "key" TEXT COLLATE "C" NOT NULL,
    "bytes" BYTEA NOT NULL,
    "size" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "file_blobs_pkey" PRIMARY KEY ("key")
);

-- The download route serves a blob only to members of a space whose content holds a file version
-- of it: this finds that version from (space, blob) without reading the space's revisions.
-- A partial expression index, which schema.prisma cannot declare.
CREATE INDEX "content_objects_file_blob_idx" ON "content_objects" ("space_id", ("data"->>'blob')) WHERE "data" ? 'blob';
