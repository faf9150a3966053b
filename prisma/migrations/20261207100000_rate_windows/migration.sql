-- Fixed-window counters every app server shares (server/rate-limits/windows.ts): how much one key
-- (a site's feedback, a reader's page views, a site's view events) took in one window. Rows past
-- `expires_at` mean nothing and are purged by a job.
CREATE TABLE "rate_windows" (
  "key" TEXT NOT NULL,
  "window_start" TIMESTAMPTZ(3) NOT NULL,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "count" INTEGER NOT NULL,
  CONSTRAINT "rate_windows_pkey" PRIMARY KEY ("key", "window_start")
);
CREATE INDEX "rate_windows_expires_at_idx" ON "rate_windows" ("expires_at");
