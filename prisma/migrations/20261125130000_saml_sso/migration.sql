-- SAML single sign-on: organizations' identity providers, the sign-in requests sent to them and the
-- assertions they answered with (kept until they expire, so that none is accepted twice on any app
-- server), the one-time tickets that turn a verified answer into a browser session, and the members
-- allowed to sign in through single sign-on.

CREATE TABLE "saml_providers" (
    "id" TEXT COLLATE "C" NOT NULL,
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "label" TEXT NOT NULL,
    "entity_id" TEXT NOT NULL,
    "sso_url" TEXT NOT NULL,
    "certificate" TEXT NOT NULL,
    "default_team_id" TEXT COLLATE "C",
    "default_role" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "saml_providers_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "saml_providers_default_role_check" CHECK ("default_role" IN ('admin','create','review','edit','comment','read')),
    CONSTRAINT "saml_providers_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE,
    -- A deleted team stops being the default: new members then join no team.
    CONSTRAINT "saml_providers_default_team_id_fkey" FOREIGN KEY ("default_team_id") REFERENCES "teams"("id") ON DELETE SET NULL
);
CREATE INDEX "saml_providers_organization_id_idx" ON "saml_providers"("organization_id");

-- AuthnRequests sent (their ids), answered at most once and only before they expire, with where to
-- take the user afterwards (kept here: SAML's RelayState is limited to 80 bytes).
CREATE TABLE "saml_requests" (
    "id" TEXT COLLATE "C" NOT NULL,
    "provider_id" TEXT COLLATE "C" NOT NULL,
    "callback_path" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "saml_requests_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "saml_requests_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "saml_providers"("id") ON DELETE CASCADE
);
CREATE INDEX "saml_requests_provider_id_idx" ON "saml_requests"("provider_id");
CREATE INDEX "saml_requests_expires_at_idx" ON "saml_requests"("expires_at");

-- Ids of the assertions accepted, until the assertion itself would have expired.
CREATE TABLE "saml_assertions" (
    "provider_id" TEXT COLLATE "C" NOT NULL,
    "assertion_id" TEXT COLLATE "C" NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "saml_assertions_pkey" PRIMARY KEY ("provider_id", "assertion_id"),
    CONSTRAINT "saml_assertions_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "saml_providers"("id") ON DELETE CASCADE
);
CREATE INDEX "saml_assertions_expires_at_idx" ON "saml_assertions"("expires_at");

-- One-time sign-in tickets (their SHA-256), handed to the browser in a cookie by the ACS.
CREATE TABLE "sso_tickets" (
    "token_hash" TEXT COLLATE "C" NOT NULL,
    "user_id" TEXT COLLATE "C" NOT NULL,
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "sso_tickets_pkey" PRIMARY KEY ("token_hash"),
    CONSTRAINT "sso_tickets_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE,
    CONSTRAINT "sso_tickets_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE
);
CREATE INDEX "sso_tickets_expires_at_idx" ON "sso_tickets"("expires_at");

-- Set while the member may sign in to the organization through single sign-on.
ALTER TABLE "members" ADD COLUMN "sso_at" TIMESTAMPTZ(3);
