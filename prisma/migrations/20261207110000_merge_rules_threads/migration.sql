-- Merge rules (issue 23): a standing request for changes may block the merge even with no approval
-- required, and open threads may have to be resolved first. A space's null inherits the organization's.
ALTER TABLE "organizations"
  ADD COLUMN "block_on_changes_requested" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "require_resolved_threads" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "spaces"
  ADD COLUMN "block_on_changes_requested" BOOLEAN,
  ADD COLUMN "require_resolved_threads" BOOLEAN;
