-- Deleting an organization (server/organizations/delete-organization.ts): it is marked, and every
-- scoped loader then treats it as gone, until its admins restore it or, ORGANIZATION_RETENTION_DAYS
-- later, the purge job removes it with everything it holds (ON DELETE CASCADE).
ALTER TABLE "organizations" ADD COLUMN "deleted_at" TIMESTAMPTZ(3);
ALTER TABLE "organizations" ADD COLUMN "deleted_by_id" TEXT;
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_deleted_by_id_fkey" FOREIGN KEY ("deleted_by_id") REFERENCES "users"("id") ON DELETE SET NULL;
CREATE INDEX "organizations_deleted_at_idx" ON "organizations"("deleted_at");

-- A logo uploaded to the organization (an `organization_file` storage upload: an image), served from
-- Quire's own origin; `logo_url` keeps a logo given by URL instead.
ALTER TABLE "storage_uploads" DROP CONSTRAINT "storage_uploads_kind_check";
ALTER TABLE "storage_uploads" ADD CONSTRAINT "storage_uploads_kind_check" CHECK ("kind" IN ('customization_font', 'organization_file'));
ALTER TABLE "storage_uploads" DROP CONSTRAINT "storage_uploads_format_check";
ALTER TABLE "storage_uploads" ADD CONSTRAINT "storage_uploads_format_check" CHECK (
  "format" IS NULL
  OR ("kind" = 'customization_font' AND "format" IN ('woff2', 'woff'))
  OR ("kind" = 'organization_file' AND "format" IN ('png', 'jpeg', 'gif', 'webp'))
);
ALTER TABLE "organizations" ADD COLUMN "logo_upload_id" TEXT;
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_logo_upload_id_fkey" FOREIGN KEY ("logo_upload_id") REFERENCES "storage_uploads"("id") ON DELETE SET NULL;

-- A password reset an admin sent a member by mail (server/members/reset-member-password.ts): a
-- one-time link whose token only the message carries (its SHA-256 here).
CREATE TABLE "password_resets" (
  "id" TEXT NOT NULL,
  "user_id" TEXT NOT NULL,
  "organization_id" TEXT NOT NULL,
  "created_by_id" TEXT,
  "token_hash" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "emailed_at" TIMESTAMPTZ(3),
  "used_at" TIMESTAMPTZ(3),
  CONSTRAINT "password_resets_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "password_resets_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE,
  CONSTRAINT "password_resets_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE,
  CONSTRAINT "password_resets_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL
);
CREATE UNIQUE INDEX "password_resets_token_hash_key" ON "password_resets"("token_hash");
CREATE INDEX "password_resets_user_id_idx" ON "password_resets"("user_id");
