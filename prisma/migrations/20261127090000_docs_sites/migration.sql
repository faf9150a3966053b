-- Docs sites: sites with their structure (section groups, sections, site spaces), share links,
-- redirects, grants on sites, and the instance's own secrets.

CREATE TABLE "sites" (
    "id" TEXT COLLATE "C" NOT NULL,
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'basic',
    "title" TEXT NOT NULL,
    "icon" JSONB,
    "hostname" TEXT,
    "basename" TEXT NOT NULL,
    "proxy" TEXT,
    "visibility" TEXT NOT NULL DEFAULT 'public',
    "default_level" TEXT DEFAULT 'inherit',
    "published" BOOLEAN NOT NULL DEFAULT false,
    "published_at" TIMESTAMPTZ(3),
    "adaptive_content" BOOLEAN NOT NULL DEFAULT false,
    "agents_context" TEXT NOT NULL DEFAULT 'included',
    "adaptive_schema" JSONB,
    "adaptive_schema_updated_at" TIMESTAMPTZ(3),
    "customization" JSONB NOT NULL DEFAULT '{}',
    "visitor_auth_key" TEXT,
    "visitor_auth_fallback_url" TEXT,
    "visitor_auth_logout_url" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "sites_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "sites_type_check" CHECK ("type" IN ('basic','premium','ultimate')),
    CONSTRAINT "sites_visibility_check" CHECK ("visibility" IN ('public','unlisted','share-link','visitor-auth')),
    CONSTRAINT "sites_default_level_check" CHECK ("default_level" IN ('inherit','admin','create','review','edit','comment','read')),
    CONSTRAINT "sites_agents_context_check" CHECK ("agents_context" IN ('included','excluded')),
    CONSTRAINT "sites_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE
);
CREATE UNIQUE INDEX "sites_hostname_key" ON "sites"("hostname");
CREATE UNIQUE INDEX "sites_basename_key" ON "sites"("basename");
CREATE INDEX "sites_organization_id_id_idx" ON "sites"("organization_id", "id");

CREATE TABLE "site_section_groups" (
    "id" TEXT COLLATE "C" NOT NULL,
    "site_id" TEXT COLLATE "C" NOT NULL,
    "title" TEXT NOT NULL,
    "icon" TEXT,
    "position" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "site_section_groups_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "site_section_groups_position_check" CHECK ("position" >= 0),
    CONSTRAINT "site_section_groups_site_id_fkey" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE CASCADE
);
CREATE INDEX "site_section_groups_site_id_idx" ON "site_section_groups"("site_id");
-- Target of the sections' composite foreign key: a group holds sections of its own site only.
CREATE UNIQUE INDEX "site_section_groups_site_id_id_key" ON "site_section_groups"("site_id", "id");

CREATE TABLE "site_sections" (
    "id" TEXT COLLATE "C" NOT NULL,
    "site_id" TEXT COLLATE "C" NOT NULL,
    "section_group_id" TEXT COLLATE "C",
    "title" TEXT NOT NULL,
    "description" TEXT,
    "icon" TEXT,
    "path" TEXT NOT NULL,
    "condition" TEXT,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "site_sections_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "site_sections_position_check" CHECK ("position" >= 0),
    CONSTRAINT "site_sections_site_id_fkey" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE CASCADE,
    CONSTRAINT "site_sections_section_group_id_fkey" FOREIGN KEY ("site_id", "section_group_id") REFERENCES "site_section_groups"("site_id", "id") ON DELETE SET NULL ("section_group_id")
);
CREATE UNIQUE INDEX "site_sections_site_id_path_key" ON "site_sections"("site_id", "path");
CREATE INDEX "site_sections_section_group_id_idx" ON "site_sections"("section_group_id");
CREATE UNIQUE INDEX "site_sections_site_id_id_key" ON "site_sections"("site_id", "id");
-- Exactly one default section per site with sections: at most one here, at least one kept by the service.
CREATE UNIQUE INDEX "site_sections_default_key" ON "site_sections"("site_id") WHERE "is_default";

CREATE TABLE "site_spaces" (
    "id" TEXT COLLATE "C" NOT NULL,
    "site_id" TEXT COLLATE "C" NOT NULL,
    "section_id" TEXT COLLATE "C",
    "space_id" TEXT COLLATE "C" NOT NULL,
    "path" TEXT NOT NULL,
    "title" TEXT,
    "condition" TEXT,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER NOT NULL,
    "page_id" TEXT COLLATE "C",
    "customization" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "site_spaces_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "site_spaces_position_check" CHECK ("position" >= 0),
    CONSTRAINT "site_spaces_site_id_fkey" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE CASCADE,
    CONSTRAINT "site_spaces_section_id_fkey" FOREIGN KEY ("site_id", "section_id") REFERENCES "site_sections"("site_id", "id") ON DELETE CASCADE,
    CONSTRAINT "site_spaces_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "spaces"("id") ON DELETE CASCADE
);
CREATE INDEX "site_spaces_site_id_section_id_idx" ON "site_spaces"("site_id", "section_id");
CREATE INDEX "site_spaces_space_id_idx" ON "site_spaces"("space_id");
-- Paths unique among siblings, and one default among them: in a section, or at the root of a site without sections.
CREATE UNIQUE INDEX "site_spaces_section_path_key" ON "site_spaces"("section_id", "path") WHERE "section_id" IS NOT NULL;
CREATE UNIQUE INDEX "site_spaces_root_path_key" ON "site_spaces"("site_id", "path") WHERE "section_id" IS NULL;
CREATE UNIQUE INDEX "site_spaces_section_default_key" ON "site_spaces"("section_id") WHERE "is_default" AND "section_id" IS NOT NULL;
CREATE UNIQUE INDEX "site_spaces_root_default_key" ON "site_spaces"("site_id") WHERE "is_default" AND "section_id" IS NULL;

CREATE TABLE "site_share_links" (
    "id" TEXT COLLATE "C" NOT NULL,
    "site_id" TEXT COLLATE "C" NOT NULL,
    "name" TEXT NOT NULL,
    "key_hash" TEXT COLLATE "C" NOT NULL,
    "key_ciphertext" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "expires_at" TIMESTAMPTZ(3),
    "created_by_id" TEXT COLLATE "C",
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "site_share_links_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "site_share_links_site_id_fkey" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE CASCADE,
    CONSTRAINT "site_share_links_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL
);
CREATE UNIQUE INDEX "site_share_links_key_hash_key" ON "site_share_links"("key_hash");
CREATE INDEX "site_share_links_site_id_created_at_idx" ON "site_share_links"("site_id", "created_at");

CREATE TABLE "site_redirects" (
    "id" TEXT COLLATE "C" NOT NULL,
    "site_id" TEXT COLLATE "C" NOT NULL,
    "source" TEXT NOT NULL,
    "destination" JSONB NOT NULL,
    "permanent" BOOLEAN NOT NULL DEFAULT true,
    "capture_wildcard" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "site_redirects_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "site_redirects_site_id_fkey" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE CASCADE
);
CREATE UNIQUE INDEX "site_redirects_site_id_source_key" ON "site_redirects"("site_id", "source");

-- Grants on sites, beside those on spaces and collections.
ALTER TABLE "content_grants" ADD COLUMN "site_id" TEXT COLLATE "C",
    DROP CONSTRAINT "content_grants_target_check",
    ADD CONSTRAINT "content_grants_target_check" CHECK (num_nonnulls("space_id", "collection_id", "site_id") = 1),
    ADD CONSTRAINT "content_grants_site_id_fkey" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE CASCADE;
CREATE INDEX "content_grants_site_id_idx" ON "content_grants"("site_id");
CREATE UNIQUE INDEX "content_grants_site_user_key" ON "content_grants"("site_id", "user_id") WHERE "site_id" IS NOT NULL AND "user_id" IS NOT NULL;
CREATE UNIQUE INDEX "content_grants_site_team_key" ON "content_grants"("site_id", "team_id") WHERE "site_id" IS NOT NULL AND "team_id" IS NOT NULL;

CREATE TABLE "instance_secrets" (
    "name" TEXT COLLATE "C" NOT NULL,
    "value" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "instance_secrets_pkey" PRIMARY KEY ("name")
);
