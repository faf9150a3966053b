-- Organizations, members, API tokens, collections, spaces and their revisions.
-- Id columns use the C collation: ids are time-prefixed, so byte order is creation order,
-- whatever the database's default collation (keyset paging relies on it).

CREATE TABLE "users" (
    "id" TEXT COLLATE "C" NOT NULL,
    "email" TEXT NOT NULL,
    "display_name" TEXT NOT NULL,
    "photo_url" TEXT,
    "password_hash" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

CREATE TABLE "organizations" (
    "id" TEXT COLLATE "C" NOT NULL,
    "title" TEXT NOT NULL,
    "email_domains" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "hostname" TEXT,
    "type" TEXT NOT NULL DEFAULT 'business',
    "use_case" TEXT,
    "community_type" TEXT,
    "default_role" TEXT DEFAULT 'read',
    "default_site_id" TEXT,
    "logo_url" TEXT,
    "sso" BOOLEAN NOT NULL DEFAULT false,
    "ai" BOOLEAN NOT NULL DEFAULT false,
    "invite_links" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "organizations_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "organizations_hostname_key" ON "organizations"("hostname");
-- GET /v1/email-domains/{emailDomain}/orgs
CREATE INDEX "organizations_email_domains_idx" ON "organizations" USING GIN ("email_domains");

CREATE TABLE "members" (
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "user_id" TEXT COLLATE "C" NOT NULL,
    "role" TEXT,
    "joined_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3),
    CONSTRAINT "members_pkey" PRIMARY KEY ("organization_id","user_id"),
    CONSTRAINT "members_role_check" CHECK ("role" IN ('admin','create','review','edit','comment','read'))
);
CREATE INDEX "members_user_id_idx" ON "members"("user_id");

CREATE TABLE "api_tokens" (
    "id" TEXT COLLATE "C" NOT NULL,
    "user_id" TEXT COLLATE "C" NOT NULL,
    "name" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    CONSTRAINT "api_tokens_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "api_tokens_token_hash_key" ON "api_tokens"("token_hash");
CREATE INDEX "api_tokens_user_id_idx" ON "api_tokens"("user_id");

CREATE TABLE "collections" (
    "id" TEXT COLLATE "C" NOT NULL,
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "parent_id" TEXT COLLATE "C",
    "title" TEXT NOT NULL,
    "description" TEXT,
    "default_level" TEXT DEFAULT 'inherit',
    "sort_key" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "collections_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "collections_default_level_check" CHECK ("default_level" IN ('inherit','admin','create','review','edit','comment','read'))
);
CREATE INDEX "collections_organization_id_id_idx" ON "collections"("organization_id", "id");
CREATE INDEX "collections_parent_id_idx" ON "collections"("parent_id");

CREATE TABLE "spaces" (
    "id" TEXT COLLATE "C" NOT NULL,
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "parent_id" TEXT COLLATE "C",
    "title" TEXT NOT NULL,
    "emoji" TEXT,
    "visibility" TEXT NOT NULL DEFAULT 'private',
    "edit_mode" TEXT NOT NULL DEFAULT 'live',
    "language" TEXT,
    "default_level" TEXT DEFAULT 'inherit',
    "sort_key" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "revision_id" TEXT COLLATE "C",
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMPTZ(3),
    CONSTRAINT "spaces_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "spaces_default_level_check" CHECK ("default_level" IN ('inherit','admin','create','review','edit','comment','read')),
    CONSTRAINT "spaces_edit_mode_check" CHECK ("edit_mode" IN ('live','locked'))
);
CREATE INDEX "spaces_organization_id_id_idx" ON "spaces"("organization_id", "id");
CREATE INDEX "spaces_parent_id_idx" ON "spaces"("parent_id");
CREATE INDEX "spaces_deleted_at_idx" ON "spaces"("deleted_at");

CREATE TABLE "revisions" (
    "id" TEXT COLLATE "C" NOT NULL,
    "space_id" TEXT COLLATE "C" NOT NULL,
    "parents" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "type" TEXT NOT NULL DEFAULT 'edits',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "revisions_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "revisions_space_id_idx" ON "revisions"("space_id");

CREATE TABLE "revision_pages" (
    "revision_id" TEXT COLLATE "C" NOT NULL,
    "page_id" TEXT COLLATE "C" NOT NULL,
    "parent_page_id" TEXT COLLATE "C",
    "position" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "emoji" TEXT,
    "markdown" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "revision_pages_pkey" PRIMARY KEY ("revision_id","page_id")
);

ALTER TABLE "members" ADD CONSTRAINT "members_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "members" ADD CONSTRAINT "members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "collections" ADD CONSTRAINT "collections_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "collections" ADD CONSTRAINT "collections_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "collections"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "collections"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "revisions" ADD CONSTRAINT "revisions_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "revision_pages" ADD CONSTRAINT "revision_pages_revision_id_fkey" FOREIGN KEY ("revision_id") REFERENCES "revisions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
