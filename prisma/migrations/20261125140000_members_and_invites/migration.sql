-- Members, invites and email domains: verified email addresses, paging of members by when they
-- joined and were last seen, invitations by email and by link (their tokens stored as SHA-256), and the email
-- domains of an organization that an admin on that domain has verified.

ALTER TABLE "users" ADD COLUMN "email_verified_at" TIMESTAMPTZ(3);

CREATE INDEX "members_organization_id_joined_at_user_id_idx" ON "members"("organization_id", "joined_at", "user_id");
CREATE INDEX "members_organization_id_last_seen_at_user_id_idx" ON "members"("organization_id", "last_seen_at", "user_id");

CREATE TABLE "organization_invites" (
    "id" TEXT COLLATE "C" NOT NULL,
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "kind" TEXT NOT NULL,
    "email" TEXT,
    "role" TEXT,
    "sso" BOOLEAN NOT NULL DEFAULT false,
    "token_hash" TEXT COLLATE "C" NOT NULL,
    "created_by_id" TEXT COLLATE "C",
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "emailed_at" TIMESTAMPTZ(3),
    "uses" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "organization_invites_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "organization_invites_kind_check" CHECK ("kind" IN ('email', 'link')),
    -- An email invite names its address; a link invite is for whoever holds it.
    CONSTRAINT "organization_invites_email_check" CHECK (("kind" = 'email') = ("email" IS NOT NULL)),
    CONSTRAINT "organization_invites_role_check" CHECK ("role" IN ('admin','create','review','edit','comment','read')),
    CONSTRAINT "organization_invites_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE,
    CONSTRAINT "organization_invites_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL
);
CREATE UNIQUE INDEX "organization_invites_token_hash_key" ON "organization_invites"("token_hash");
CREATE INDEX "organization_invites_organization_id_kind_id_idx" ON "organization_invites"("organization_id", "kind", "id");
-- One pending invite per address: inviting again renews it.
CREATE UNIQUE INDEX "organization_invites_email_key" ON "organization_invites"("organization_id", "email") WHERE "kind" = 'email';

CREATE TABLE "email_domain_verifications" (
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "domain" TEXT NOT NULL,
    "verified_by_id" TEXT COLLATE "C",
    "verified_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "email_domain_verifications_pkey" PRIMARY KEY ("organization_id", "domain"),
    CONSTRAINT "email_domain_verifications_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE,
    CONSTRAINT "email_domain_verifications_verified_by_id_fkey" FOREIGN KEY ("verified_by_id") REFERENCES "users"("id") ON DELETE SET NULL
);
CREATE INDEX "email_domain_verifications_domain_idx" ON "email_domain_verifications"("domain");
