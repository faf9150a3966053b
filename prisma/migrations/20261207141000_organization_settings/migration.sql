-- Deleting an organization (server/organizations/delete-organization.ts): it is marked, and every
-- scoped loader then treats it as gone, until its admins restore it or, ORGANIZATION_RETENTION_DAYS
-- later, the purge job removes it with everything it holds (ON DELETE CASCADE).
ALTER TABLE "organizations" ADD COLUMN "deleted_at" TIMESTAMPTZ(3);
ALTER TABLE "organizations" ADD COLUMN "deleted_by_id" TEXT;
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_deleted_by_id_fkey" FOREIGN KEY ("deleted_by_id") REFERENCES "users"("id") ON DELETE SET NULL;
CREATE INDEX "organizations_deleted_at_idx" ON "organizations"("deleted_at");

-- A logo uploaded to the organization (an `organization_file` storage upload), served from Quire's
-- own origin; `logo_url` keeps a logo given by URL instead.
ALTER TABLE "organizations" ADD COLUMN "logo_upload_id" TEXT;
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_logo_upload_id_fkey" FOREIGN KEY ("logo_upload_id") REFERENCES "storage_uploads"("id") ON DELETE SET NULL;

