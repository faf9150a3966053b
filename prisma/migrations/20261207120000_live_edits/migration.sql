-- Live edits (issue 23): a revision of main written by a live editing session records it, so that
-- the session's next save replaces the revision instead of adding one (one history entry a session).
ALTER TABLE "revisions" ADD COLUMN "edit_session_id" TEXT;
