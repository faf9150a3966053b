-- Space variables: each revision holds the map it was written with.
ALTER TABLE "revisions" ADD COLUMN "variables" JSONB NOT NULL DEFAULT '{}';
