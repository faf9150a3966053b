-- Discussions and reviews: comments on a space or a change request with their replies and reactions,
-- change request conversations, reviews and review requests, merge rules on organizations and spaces,
-- and each user's notifications inbox.

ALTER TABLE "organizations" ADD COLUMN "required_approvals" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "dismiss_stale_approvals" BOOLEAN NOT NULL DEFAULT true,
    ADD CONSTRAINT "organizations_required_approvals_check" CHECK ("required_approvals" BETWEEN 0 AND 20);
ALTER TABLE "spaces" ADD COLUMN "required_approvals" INTEGER,
    ADD COLUMN "dismiss_stale_approvals" BOOLEAN,
    ADD CONSTRAINT "spaces_required_approvals_check" CHECK ("required_approvals" BETWEEN 0 AND 20);
ALTER TABLE "users" ADD COLUMN "email_notifications" BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE "change_request_conversations" (
    "change_request_id" TEXT COLLATE "C" NOT NULL,
    "id" TEXT COLLATE "C" NOT NULL,
    "title" TEXT,
    "shared" BOOLEAN NOT NULL DEFAULT true,
    "created_by_id" TEXT COLLATE "C" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "change_request_conversations_pkey" PRIMARY KEY ("change_request_id", "id"),
    CONSTRAINT "change_request_conversations_change_request_id_fkey" FOREIGN KEY ("change_request_id") REFERENCES "change_requests"("id") ON DELETE CASCADE,
    CONSTRAINT "change_request_conversations_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE CASCADE
);

CREATE TABLE "comments" (
    "id" TEXT COLLATE "C" NOT NULL,
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "space_id" TEXT COLLATE "C" NOT NULL,
    "change_request_id" TEXT COLLATE "C",
    "review_id" TEXT COLLATE "C",
    "conversation_id" TEXT COLLATE "C",
    "author_id" TEXT COLLATE "C" NOT NULL,
    "body" TEXT NOT NULL,
    "posted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "edited_at" TIMESTAMPTZ(3),
    "resolved_at" TIMESTAMPTZ(3),
    "resolved_by_id" TEXT COLLATE "C",
    "revision_id" TEXT COLLATE "C" NOT NULL,
    "target_page_id" TEXT COLLATE "C",
    "target_page_hash" TEXT COLLATE "C",
    "target_block_key" TEXT COLLATE "C",
    "target_preview" TEXT,
    "target_table_record" TEXT,
    "target_table_definition" TEXT,
    CONSTRAINT "comments_pkey" PRIMARY KEY ("id"),
    -- Resolved exactly when both when and by whom are known (the user may since be gone: then only when).
    CONSTRAINT "comments_resolved_check" CHECK ("resolved_at" IS NOT NULL OR "resolved_by_id" IS NULL),
    CONSTRAINT "comments_block_needs_page_check" CHECK ("target_block_key" IS NULL OR "target_page_id" IS NOT NULL),
    CONSTRAINT "comments_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE,
    CONSTRAINT "comments_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "spaces"("id") ON DELETE CASCADE,
    CONSTRAINT "comments_change_request_id_fkey" FOREIGN KEY ("change_request_id") REFERENCES "change_requests"("id") ON DELETE CASCADE,
    -- Deleting a conversation deletes the comments in it.
    CONSTRAINT "comments_conversation_fkey" FOREIGN KEY ("change_request_id", "conversation_id") REFERENCES "change_request_conversations"("change_request_id", "id") ON DELETE CASCADE,
    CONSTRAINT "comments_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE CASCADE,
    CONSTRAINT "comments_resolved_by_id_fkey" FOREIGN KEY ("resolved_by_id") REFERENCES "users"("id") ON DELETE SET NULL
);
CREATE INDEX "comments_space_id_change_request_id_posted_at_id_idx" ON "comments"("space_id", "change_request_id", "posted_at", "id");
CREATE INDEX "comments_change_request_id_posted_at_id_idx" ON "comments"("change_request_id", "posted_at", "id");
CREATE INDEX "comments_space_id_target_page_id_idx" ON "comments"("space_id", "target_page_id");
-- The open-comment counts of spaces and change requests.
CREATE INDEX "comments_open_idx" ON "comments"("space_id", "change_request_id") WHERE "resolved_at" IS NULL;

CREATE TABLE "comment_replies" (
    "id" TEXT COLLATE "C" NOT NULL,
    "comment_id" TEXT COLLATE "C" NOT NULL,
    "author_id" TEXT COLLATE "C" NOT NULL,
    "body" TEXT NOT NULL,
    "posted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "edited_at" TIMESTAMPTZ(3),
    CONSTRAINT "comment_replies_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "comment_replies_comment_id_fkey" FOREIGN KEY ("comment_id") REFERENCES "comments"("id") ON DELETE CASCADE,
    CONSTRAINT "comment_replies_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE CASCADE
);
CREATE INDEX "comment_replies_comment_id_posted_at_id_idx" ON "comment_replies"("comment_id", "posted_at", "id");

CREATE TABLE "comment_reactions" (
    "id" TEXT COLLATE "C" NOT NULL,
    "comment_id" TEXT COLLATE "C",
    "reply_id" TEXT COLLATE "C",
    "user_id" TEXT COLLATE "C" NOT NULL,
    "emoji" TEXT NOT NULL,
    "reacted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "comment_reactions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "comment_reactions_subject_check" CHECK (("comment_id" IS NULL) <> ("reply_id" IS NULL)),
    CONSTRAINT "comment_reactions_comment_id_fkey" FOREIGN KEY ("comment_id") REFERENCES "comments"("id") ON DELETE CASCADE,
    CONSTRAINT "comment_reactions_reply_id_fkey" FOREIGN KEY ("reply_id") REFERENCES "comment_replies"("id") ON DELETE CASCADE,
    CONSTRAINT "comment_reactions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE
);
CREATE INDEX "comment_reactions_comment_id_idx" ON "comment_reactions"("comment_id");
CREATE INDEX "comment_reactions_reply_id_idx" ON "comment_reactions"("reply_id");
-- A user's emoji counts once per comment or reply: adding it twice is a no-op (ON CONFLICT DO NOTHING).
CREATE UNIQUE INDEX "comment_reactions_comment_user_emoji_key" ON "comment_reactions"("comment_id", "user_id", "emoji") WHERE "comment_id" IS NOT NULL;
CREATE UNIQUE INDEX "comment_reactions_reply_user_emoji_key" ON "comment_reactions"("reply_id", "user_id", "emoji") WHERE "reply_id" IS NOT NULL;

CREATE TABLE "change_request_reviews" (
    "id" TEXT COLLATE "C" NOT NULL,
    "change_request_id" TEXT COLLATE "C" NOT NULL,
    "reviewer_id" TEXT COLLATE "C" NOT NULL,
    "requested_by_id" TEXT COLLATE "C",
    "status" TEXT NOT NULL,
    "revision_id" TEXT COLLATE "C" NOT NULL,
    "comment_id" TEXT COLLATE "C",
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "change_request_reviews_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "change_request_reviews_status_check" CHECK ("status" IN ('approved', 'changes-requested')),
    CONSTRAINT "change_request_reviews_change_request_id_fkey" FOREIGN KEY ("change_request_id") REFERENCES "change_requests"("id") ON DELETE CASCADE,
    CONSTRAINT "change_request_reviews_reviewer_id_fkey" FOREIGN KEY ("reviewer_id") REFERENCES "users"("id") ON DELETE CASCADE,
    CONSTRAINT "change_request_reviews_requested_by_id_fkey" FOREIGN KEY ("requested_by_id") REFERENCES "users"("id") ON DELETE SET NULL,
    CONSTRAINT "change_request_reviews_comment_id_fkey" FOREIGN KEY ("comment_id") REFERENCES "comments"("id") ON DELETE SET NULL
);
CREATE INDEX "change_request_reviews_change_request_id_created_at_id_idx" ON "change_request_reviews"("change_request_id", "created_at", "id");
ALTER TABLE "comments" ADD CONSTRAINT "comments_review_id_fkey" FOREIGN KEY ("review_id") REFERENCES "change_request_reviews"("id") ON DELETE SET NULL;

CREATE TABLE "change_request_review_requests" (
    "change_request_id" TEXT COLLATE "C" NOT NULL,
    "user_id" TEXT COLLATE "C" NOT NULL,
    "requested_by_id" TEXT COLLATE "C" NOT NULL,
    "revision_id" TEXT COLLATE "C" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "change_request_review_requests_pkey" PRIMARY KEY ("change_request_id", "user_id"),
    CONSTRAINT "change_request_review_requests_change_request_id_fkey" FOREIGN KEY ("change_request_id") REFERENCES "change_requests"("id") ON DELETE CASCADE,
    CONSTRAINT "change_request_review_requests_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE,
    CONSTRAINT "change_request_review_requests_requested_by_id_fkey" FOREIGN KEY ("requested_by_id") REFERENCES "users"("id") ON DELETE CASCADE
);
CREATE INDEX "change_request_review_requests_user_id_idx" ON "change_request_review_requests"("user_id");

CREATE TABLE "notifications" (
    "id" TEXT COLLATE "C" NOT NULL,
    "user_id" TEXT COLLATE "C" NOT NULL,
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "event_id" TEXT COLLATE "C" NOT NULL,
    "kind" TEXT NOT NULL,
    "actor_id" TEXT COLLATE "C",
    "space_id" TEXT COLLATE "C",
    "change_request_id" TEXT COLLATE "C",
    "comment_id" TEXT COLLATE "C",
    "summary" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "read_at" TIMESTAMPTZ(3),
    "emailed_at" TIMESTAMPTZ(3),
    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "notifications_kind_check" CHECK ("kind" IN ('mention', 'reply', 'review_requested', 'review_submitted', 'change_request_merged')),
    CONSTRAINT "notifications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE,
    CONSTRAINT "notifications_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE,
    CONSTRAINT "notifications_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "domain_events"("id") ON DELETE CASCADE,
    CONSTRAINT "notifications_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL,
    -- What is gone takes its notifications with it: the inbox never points at deleted content.
    CONSTRAINT "notifications_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "spaces"("id") ON DELETE CASCADE,
    CONSTRAINT "notifications_change_request_id_fkey" FOREIGN KEY ("change_request_id") REFERENCES "change_requests"("id") ON DELETE CASCADE,
    CONSTRAINT "notifications_comment_id_fkey" FOREIGN KEY ("comment_id") REFERENCES "comments"("id") ON DELETE CASCADE
);
CREATE UNIQUE INDEX "notifications_user_id_event_id_key" ON "notifications"("user_id", "event_id");
CREATE INDEX "notifications_user_id_created_at_id_idx" ON "notifications"("user_id", "created_at", "id");
CREATE INDEX "notifications_unread_idx" ON "notifications"("user_id") WHERE "read_at" IS NULL;
