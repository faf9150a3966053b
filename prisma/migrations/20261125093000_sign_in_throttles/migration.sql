-- Failed sign-ins per account and per client address (server/auth/sign-in-throttle.ts), kept in
-- the database so that every app server counts the same attempts.
CREATE TABLE "sign_in_throttles" (
    "key" TEXT COLLATE "C" NOT NULL,
    "failures" INTEGER NOT NULL,
    "reset_at" TIMESTAMPTZ(3) NOT NULL,
    "locked_until" TIMESTAMPTZ(3),
    CONSTRAINT "sign_in_throttles_pkey" PRIMARY KEY ("key")
);
-- Expired rows are deleted a few at a time by later sign-ins.
CREATE INDEX "sign_in_throttles_reset_at_idx" ON "sign_in_throttles"("reset_at");
