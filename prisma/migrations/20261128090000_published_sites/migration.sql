-- Readers of published sites: page views counted per page and day, and page feedback.

-- One row per (site, space, page, UTC day): a view adds one to its row, so the table grows with
-- pages × days, never with visits, and reading the last 30 days is one index range.
CREATE TABLE "site_page_views" (
  "site_id" TEXT NOT NULL REFERENCES "sites" ("id") ON DELETE CASCADE,
  "space_id" TEXT NOT NULL,
  "page_id" TEXT NOT NULL,
  "day" DATE NOT NULL,
  "views" INTEGER NOT NULL DEFAULT 0 CHECK ("views" >= 0),
  PRIMARY KEY ("site_id", "day", "space_id", "page_id")
);

-- "Was this helpful?" answers, as the reference's PageFeedbackRating, with an optional comment.
CREATE TABLE "site_page_feedback" (
  "id" TEXT PRIMARY KEY,
  "site_id" TEXT NOT NULL REFERENCES "sites" ("id") ON DELETE CASCADE,
  "site_space_id" TEXT,
  "space_id" TEXT NOT NULL,
  "page_id" TEXT NOT NULL,
  "rating" TEXT NOT NULL CHECK ("rating" IN ('bad', 'ok', 'good')),
  "comment" TEXT CHECK (char_length("comment") BETWEEN 1 AND 512),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "site_page_feedback_site_created_idx" ON "site_page_feedback" ("site_id", "created_at" DESC);
CREATE INDEX "site_page_feedback_page_idx" ON "site_page_feedback" ("site_id", "space_id", "page_id");
