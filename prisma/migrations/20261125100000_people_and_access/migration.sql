-- People and access: disabled accounts and ended sessions, teams, grants of roles on content to
-- users and teams, and the record of domain events (the audit log).

ALTER TABLE "users" ADD COLUMN "disabled_at" TIMESTAMPTZ(3);
ALTER TABLE "users" ADD COLUMN "session_version" INTEGER NOT NULL DEFAULT 0;

CREATE TABLE "teams" (
    "id" TEXT COLLATE "C" NOT NULL,
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "title" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "teams_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "teams_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE
);
CREATE INDEX "teams_organization_id_idx" ON "teams"("organization_id");

CREATE TABLE "team_members" (
    "team_id" TEXT COLLATE "C" NOT NULL,
    "user_id" TEXT COLLATE "C" NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'member',
    "added_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "team_members_pkey" PRIMARY KEY ("team_id","user_id"),
    CONSTRAINT "team_members_role_check" CHECK ("role" IN ('owner','member')),
    CONSTRAINT "team_members_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE,
    CONSTRAINT "team_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE
);
CREATE INDEX "team_members_user_id_idx" ON "team_members"("user_id");

CREATE TABLE "content_grants" (
    "id" TEXT COLLATE "C" NOT NULL,
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "space_id" TEXT COLLATE "C",
    "collection_id" TEXT COLLATE "C",
    "user_id" TEXT COLLATE "C",
    "team_id" TEXT COLLATE "C",
    "role" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "content_grants_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "content_grants_role_check" CHECK ("role" IN ('admin','create','review','edit','comment','read')),
    -- On one space or one collection, to one user or one team.
    CONSTRAINT "content_grants_target_check" CHECK (num_nonnulls("space_id", "collection_id") = 1),
    CONSTRAINT "content_grants_subject_check" CHECK (num_nonnulls("user_id", "team_id") = 1),
    CONSTRAINT "content_grants_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE,
    CONSTRAINT "content_grants_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "spaces"("id") ON DELETE CASCADE,
    CONSTRAINT "content_grants_collection_id_fkey" FOREIGN KEY ("collection_id") REFERENCES "collections"("id") ON DELETE CASCADE,
    CONSTRAINT "content_grants_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE,
    CONSTRAINT "content_grants_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE
);
CREATE INDEX "content_grants_organization_id_idx" ON "content_grants"("organization_id");
CREATE INDEX "content_grants_space_id_idx" ON "content_grants"("space_id");
CREATE INDEX "content_grants_collection_id_idx" ON "content_grants"("collection_id");
CREATE INDEX "content_grants_user_id_idx" ON "content_grants"("user_id");
CREATE INDEX "content_grants_team_id_idx" ON "content_grants"("team_id");
-- One grant per subject and target: granting again changes its role.
CREATE UNIQUE INDEX "content_grants_space_user_key" ON "content_grants"("space_id", "user_id") WHERE "space_id" IS NOT NULL AND "user_id" IS NOT NULL;
CREATE UNIQUE INDEX "content_grants_space_team_key" ON "content_grants"("space_id", "team_id") WHERE "space_id" IS NOT NULL AND "team_id" IS NOT NULL;
CREATE UNIQUE INDEX "content_grants_collection_user_key" ON "content_grants"("collection_id", "user_id") WHERE "collection_id" IS NOT NULL AND "user_id" IS NOT NULL;
CREATE UNIQUE INDEX "content_grants_collection_team_key" ON "content_grants"("collection_id", "team_id") WHERE "collection_id" IS NOT NULL AND "team_id" IS NOT NULL;

CREATE TABLE "domain_events" (
    "id" TEXT COLLATE "C" NOT NULL,
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "action" TEXT NOT NULL,
    "actor_type" TEXT NOT NULL,
    "actor_id" TEXT NOT NULL,
    "actor_label" TEXT,
    "source" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT NOT NULL,
    "target_label" TEXT,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "schema_version" INTEGER NOT NULL DEFAULT 1,
    "correlation_id" TEXT,
    CONSTRAINT "domain_events_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "domain_events_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE
);
CREATE INDEX "domain_events_organization_id_occurred_at_id_idx" ON "domain_events"("organization_id", "occurred_at", "id");
CREATE INDEX "domain_events_organization_id_action_idx" ON "domain_events"("organization_id", "action");
CREATE INDEX "domain_events_organization_id_actor_id_idx" ON "domain_events"("organization_id", "actor_id");
CREATE INDEX "domain_events_organization_id_target_id_idx" ON "domain_events"("organization_id", "target_id");
