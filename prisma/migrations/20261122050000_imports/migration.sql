-- Imports of outside content (websites) into a space or a change request. A job does the work
-- and updates the row as it goes (status, imported/total), which is the progress the API and
-- the UI read. Rows go with their space or change request.

CREATE TABLE "content_imports" (
    "id" TEXT COLLATE "C" NOT NULL,
    "space_id" TEXT COLLATE "C" NOT NULL,
    "change_request_id" TEXT COLLATE "C",
    "created_by_id" TEXT COLLATE "C" NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'website',
    "url" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "imported" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL DEFAULT 0,
    "failures" JSONB NOT NULL DEFAULT '[]',
    "limit_reached" TEXT,
    "error" TEXT,
    "error_code" TEXT,
    "revision_id" TEXT COLLATE "C",
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    CONSTRAINT "content_imports_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "content_imports_status_check" CHECK ("status" IN ('pending','running','completed','failed')),
    CONSTRAINT "content_imports_counts_check" CHECK ("imported" >= 0 AND "imported" <= "total")
);
CREATE INDEX "content_imports_space_id_id_idx" ON "content_imports"("space_id", "id");
CREATE INDEX "content_imports_change_request_id_idx" ON "content_imports"("change_request_id");

ALTER TABLE "content_imports" ADD CONSTRAINT "content_imports_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "content_imports" ADD CONSTRAINT "content_imports_change_request_id_fkey" FOREIGN KEY ("change_request_id") REFERENCES "change_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;
