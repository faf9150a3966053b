-- Integrations and events (issue 13): published integrations, their installations on organizations,
-- spaces and sites, the tokens they call /v1 with, webhooks, and the organization's event feed with
-- one delivery per event and subscriber.

-- A published integration. `bot_user_id` is the user it acts as in records (created_by, the audit
-- log): it has no password and belongs to no organization, so it can only act through the tokens
-- below. `secrets` and `signing_secret` are sealed by server/crypto/secret-box.ts; the token is hashed.
CREATE TABLE "integrations" (
  "id" TEXT PRIMARY KEY,
  "name" TEXT NOT NULL UNIQUE CHECK ("name" ~ '^[a-zA-Z0-9_.-]{1,100}$'),
  "organization_id" TEXT NOT NULL REFERENCES "organizations" ("id") ON DELETE CASCADE,
  "bot_user_id" TEXT NOT NULL UNIQUE REFERENCES "users" ("id"),
  "version" INTEGER NOT NULL DEFAULT 1,
  "runtime" TEXT NOT NULL DEFAULT 'v1' CHECK ("runtime" IN ('v1', 'v2')),
  "title" TEXT NOT NULL,
  "description" TEXT NOT NULL,
  "summary" TEXT,
  "visibility" TEXT NOT NULL DEFAULT 'private' CHECK ("visibility" IN ('public', 'private', 'unlisted')),
  "target" TEXT NOT NULL DEFAULT 'all' CHECK ("target" IN ('all', 'site', 'space', 'organization')),
  "scopes" TEXT[] NOT NULL DEFAULT '{}',
  "categories" TEXT[] NOT NULL DEFAULT '{}',
  "blocks" JSONB NOT NULL DEFAULT '[]',
  "content_sources" JSONB NOT NULL DEFAULT '[]',
  "configurations" JSONB NOT NULL DEFAULT '{}',
  "external_links" JSONB NOT NULL DEFAULT '[]',
  "content_security_policy" JSONB,
  "script" TEXT NOT NULL DEFAULT '',
  "secrets" TEXT,
  -- Where events are delivered when development mode is off (a Quire field beside the reference's).
  "endpoint" TEXT,
  "dev_tunnel_url" TEXT,
  "dev_all" BOOLEAN NOT NULL DEFAULT false,
  "verified" BOOLEAN NOT NULL DEFAULT false,
  "token_hash" TEXT NOT NULL UNIQUE,
  "token_prefix" TEXT NOT NULL,
  "signing_secret" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "integrations_organization_idx" ON "integrations" ("organization_id");

-- The icon and preview images given at publish time, served by Quire.
CREATE TABLE "integration_assets" (
  "integration_id" TEXT NOT NULL REFERENCES "integrations" ("id") ON DELETE CASCADE,
  "kind" TEXT NOT NULL CHECK ("kind" IN ('icon', 'preview')),
  "position" INTEGER NOT NULL CHECK ("position" BETWEEN 0 AND 2),
  "content_type" TEXT NOT NULL,
  "sha256" TEXT NOT NULL,
  "bytes" BYTEA NOT NULL,
  PRIMARY KEY ("integration_id", "kind", "position")
);

-- An integration installed on an organization; space and site installations hang off it.
CREATE TABLE "integration_installations" (
  "id" TEXT PRIMARY KEY,
  "integration_id" TEXT NOT NULL REFERENCES "integrations" ("id") ON DELETE CASCADE,
  "organization_id" TEXT NOT NULL REFERENCES "organizations" ("id") ON DELETE CASCADE,
  "status" TEXT NOT NULL CHECK ("status" IN ('active', 'pending', 'paused')),
  "space_selection" TEXT NOT NULL DEFAULT 'selected' CHECK ("space_selection" IN ('all', 'selected')),
  "site_selection" TEXT NOT NULL DEFAULT 'selected' CHECK ("site_selection" IN ('all', 'selected')),
  "configuration" JSONB NOT NULL DEFAULT '{}',
  "external_ids" TEXT[] NOT NULL DEFAULT '{}',
  "created_by_id" TEXT REFERENCES "users" ("id") ON DELETE SET NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  UNIQUE ("integration_id", "organization_id")
);
CREATE INDEX "integration_installations_organization_idx" ON "integration_installations" ("organization_id");

CREATE TABLE "integration_space_installations" (
  "installation_id" TEXT NOT NULL REFERENCES "integration_installations" ("id") ON DELETE CASCADE,
  "space_id" TEXT NOT NULL REFERENCES "spaces" ("id") ON DELETE CASCADE,
  "status" TEXT NOT NULL CHECK ("status" IN ('active', 'pending', 'paused')),
  "configuration" JSONB NOT NULL DEFAULT '{}',
  "external_ids" TEXT[] NOT NULL DEFAULT '{}',
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  PRIMARY KEY ("installation_id", "space_id")
);
CREATE INDEX "integration_space_installations_space_idx" ON "integration_space_installations" ("space_id");

CREATE TABLE "integration_site_installations" (
  "installation_id" TEXT NOT NULL REFERENCES "integration_installations" ("id") ON DELETE CASCADE,
  "site_id" TEXT NOT NULL REFERENCES "sites" ("id") ON DELETE CASCADE,
  "status" TEXT NOT NULL CHECK ("status" IN ('active', 'pending', 'paused')),
  "configuration" JSONB NOT NULL DEFAULT '{}',
  "external_ids" TEXT[] NOT NULL DEFAULT '{}',
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  PRIMARY KEY ("installation_id", "site_id")
);
CREATE INDEX "integration_site_installations_site_idx" ON "integration_site_installations" ("site_id");

-- Short-lived tokens an integration mints for one of its installations (hash only).
CREATE TABLE "integration_installation_tokens" (
  "id" TEXT PRIMARY KEY,
  "installation_id" TEXT NOT NULL REFERENCES "integration_installations" ("id") ON DELETE CASCADE,
  "token_hash" TEXT NOT NULL UNIQUE,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "integration_installation_tokens_expires_idx" ON "integration_installation_tokens" ("expires_at");

-- A plain webhook endpoint an organization subscribes without publishing an integration.
-- `event_types` empty means every type. `secret` is sealed.
CREATE TABLE "webhooks" (
  "id" TEXT PRIMARY KEY,
  "organization_id" TEXT NOT NULL REFERENCES "organizations" ("id") ON DELETE CASCADE,
  "url" TEXT NOT NULL CHECK (char_length("url") <= 2048),
  "description" TEXT NOT NULL DEFAULT '' CHECK (char_length("description") <= 200),
  "event_types" TEXT[] NOT NULL DEFAULT '{}',
  "secret" TEXT NOT NULL,
  "active" BOOLEAN NOT NULL DEFAULT true,
  "created_by_id" TEXT REFERENCES "users" ("id") ON DELETE SET NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "webhooks_organization_idx" ON "webhooks" ("organization_id");

-- The organization's event feed: typed events built from the domain-event record (and from site
-- views and page feedback), in the transaction of the change. Position = (txid, seq): the writing
-- transaction's id, then the insert order. A reader that only takes rows whose txid is below the
-- oldest running transaction (pg_snapshot_xmin) never sees a position appear behind its cursor.
-- `installation_id` set: the event concerns that installation alone (installation_setup…);
-- `integration_id` alone: the integration itself (task); `webhook_id`: that webhook alone (a test send).
CREATE TABLE "organization_events" (
  "id" TEXT PRIMARY KEY,
  "organization_id" TEXT NOT NULL REFERENCES "organizations" ("id") ON DELETE CASCADE,
  "txid" BIGINT NOT NULL DEFAULT (pg_current_xact_id()::text::bigint),
  "seq" BIGSERIAL NOT NULL,
  "type" TEXT NOT NULL,
  "payload" JSONB NOT NULL,
  "domain_event_id" TEXT,
  "space_id" TEXT,
  "site_id" TEXT,
  "installation_id" TEXT,
  "integration_id" TEXT,
  "webhook_id" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "organization_events_position_idx" ON "organization_events" ("organization_id", "txid", "seq");
CREATE INDEX "organization_events_created_idx" ON "organization_events" ("created_at");

-- One delivery of an event to one subscriber: an installation, an integration itself (tasks), or a
-- webhook. Delivered in position order per subscriber, at least once; `status` pending → success or
-- failed (after a day of retries).
CREATE TABLE "event_deliveries" (
  "id" TEXT PRIMARY KEY,
  "event_id" TEXT NOT NULL REFERENCES "organization_events" ("id") ON DELETE CASCADE,
  "organization_id" TEXT NOT NULL REFERENCES "organizations" ("id") ON DELETE CASCADE,
  "integration_id" TEXT REFERENCES "integrations" ("id") ON DELETE CASCADE,
  "installation_id" TEXT REFERENCES "integration_installations" ("id") ON DELETE CASCADE,
  "webhook_id" TEXT REFERENCES "webhooks" ("id") ON DELETE CASCADE,
  "event_txid" BIGINT NOT NULL,
  "event_seq" BIGINT NOT NULL,
  "status" TEXT NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'success', 'failed')),
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "completed_at" TIMESTAMPTZ(3),
  CHECK (("webhook_id" IS NULL) <> ("integration_id" IS NULL)),
  CHECK ("installation_id" IS NULL OR "integration_id" IS NOT NULL)
);
CREATE INDEX "event_deliveries_installation_idx" ON "event_deliveries" ("installation_id", "event_txid", "event_seq");
CREATE INDEX "event_deliveries_integration_idx" ON "event_deliveries" ("integration_id", "created_at");
CREATE INDEX "event_deliveries_webhook_idx" ON "event_deliveries" ("webhook_id", "event_txid", "event_seq");
CREATE INDEX "event_deliveries_event_idx" ON "event_deliveries" ("event_id");
CREATE INDEX "event_deliveries_pending_idx" ON "event_deliveries" ("next_attempt_at") WHERE "status" = 'pending';

-- Each attempt of a delivery: the trace the event log shows.
CREATE TABLE "delivery_attempts" (
  "delivery_id" TEXT NOT NULL REFERENCES "event_deliveries" ("id") ON DELETE CASCADE,
  "attempt" INTEGER NOT NULL,
  "url" TEXT NOT NULL,
  "started_at" TIMESTAMPTZ(3) NOT NULL,
  "duration_ms" INTEGER NOT NULL,
  "response_status" INTEGER,
  "error" TEXT,
  PRIMARY KEY ("delivery_id", "attempt")
);
