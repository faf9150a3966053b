-- Custom fonts an organization's admins upload for their published sites (issue 12).

-- An upload URL handed out by generateStorageUploadURL: the hash of its secret token, until when it
-- may be used, what the caller declared, and once used, the bytes' key in file storage. A URL is used
-- once (`used_at`), whether its upload then succeeded (`blob` set) or was refused.
CREATE TABLE "storage_uploads" (
  "id" TEXT PRIMARY KEY,
  "organization_id" TEXT NOT NULL REFERENCES "organizations" ("id") ON DELETE CASCADE,
  "kind" TEXT NOT NULL CHECK ("kind" IN ('customization_font')),
  "key" TEXT NOT NULL UNIQUE,
  "name" TEXT NOT NULL,
  "content_type" TEXT NOT NULL,
  "size" INTEGER NOT NULL CHECK ("size" > 0),
  "token_hash" TEXT NOT NULL UNIQUE,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "used_at" TIMESTAMPTZ(3),
  "blob" TEXT,
  "format" TEXT CHECK ("format" IN ('woff2', 'woff')),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CHECK (("blob" IS NULL) = ("format" IS NULL))
);
CREATE INDEX "storage_uploads_organization_idx" ON "storage_uploads" ("organization_id", "created_at");

-- A custom font: a family name and its faces, one uploaded file per weight.
CREATE TABLE "custom_fonts" (
  "id" TEXT PRIMARY KEY,
  "organization_id" TEXT NOT NULL REFERENCES "organizations" ("id") ON DELETE CASCADE,
  "font_family" TEXT NOT NULL CHECK (char_length("font_family") BETWEEN 1 AND 50),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "custom_fonts_organization_idx" ON "custom_fonts" ("organization_id", "id");

CREATE TABLE "custom_font_faces" (
  "font_id" TEXT NOT NULL REFERENCES "custom_fonts" ("id") ON DELETE CASCADE,
  "weight" INTEGER NOT NULL CHECK ("weight" BETWEEN 1 AND 1000),
  "upload_id" TEXT NOT NULL REFERENCES "storage_uploads" ("id"),
  PRIMARY KEY ("font_id", "weight")
);
CREATE INDEX "custom_font_faces_upload_idx" ON "custom_font_faces" ("upload_id");
