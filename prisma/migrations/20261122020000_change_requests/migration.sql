-- Change requests. A space keeps their counts up to date in the same transactions that create
-- them or change their status, so the numbers it reports always match.

ALTER TABLE "spaces" ADD COLUMN "change_requests" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "spaces" ADD COLUMN "change_requests_open" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "spaces" ADD COLUMN "change_requests_draft" INTEGER NOT NULL DEFAULT 0;

CREATE TABLE "change_requests" (
    "id" TEXT COLLATE "C" NOT NULL,
    "space_id" TEXT COLLATE "C" NOT NULL,
    "number" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "subject" TEXT NOT NULL DEFAULT '',
    "created_by_id" TEXT COLLATE "C" NOT NULL,
    "merged_by_id" TEXT COLLATE "C",
    "merged_at" TIMESTAMPTZ(3),
    "revision_id" TEXT COLLATE "C" NOT NULL,
    "revision_initial_id" TEXT COLLATE "C" NOT NULL,
    "revision_merged_ancestor_id" TEXT COLLATE "C",
    "revision_merged_id" TEXT COLLATE "C",
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "change_requests_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "change_requests_status_check" CHECK ("status" IN ('draft','open','archived','merged'))
);
CREATE UNIQUE INDEX "change_requests_space_id_number_key" ON "change_requests"("space_id", "number");
CREATE INDEX "change_requests_space_id_status_id_idx" ON "change_requests"("space_id", "status", "id");

ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_merged_by_id_fkey" FOREIGN KEY ("merged_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Who made a revision, and in which change request (null: main content).
ALTER TABLE "revisions" ADD COLUMN "author_id" TEXT COLLATE "C";
ALTER TABLE "revisions" ADD COLUMN "change_request_id" TEXT COLLATE "C";
CREATE INDEX "revisions_change_request_id_author_id_idx" ON "revisions"("change_request_id", "author_id");
