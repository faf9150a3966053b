-- Full-text search over each space's main content (server/search). `setMainRevision` keeps these
-- tables equal to the revision recorded in `search_indexes`, updating only the pages that changed.
-- The `english` configuration stems words (install, installs, installing) and drops stop words,
-- which also keeps "how to ..." queries off the huge posting lists of "how" and "to".

-- Which revision the index of a space holds (its root too: a space copied at the same root copies the index).
CREATE TABLE "search_indexes" (
    "space_id" TEXT COLLATE "C" NOT NULL,
    "revision_id" TEXT COLLATE "C" NOT NULL,
    "root" TEXT COLLATE "C" NOT NULL,
    CONSTRAINT "search_indexes_pkey" PRIMARY KEY ("space_id")
);
CREATE INDEX "search_indexes_root_idx" ON "search_indexes"("root");

-- One row per page: its title and place in the tree. Paths and ancestors are read from here for
-- the pages a search returns, so moving or renaming a page rewrites one row, not its descendants'.
CREATE TABLE "search_pages" (
    "space_id" TEXT COLLATE "C" NOT NULL,
    "page_id" TEXT COLLATE "C" NOT NULL,
    "parent_id" TEXT COLLATE "C",
    "title" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "search_pages_pkey" PRIMARY KEY ("space_id","page_id")
);

-- One row per section of a page: the lead before the first heading (section_id '') and each
-- `#`, `##` or `###` heading with what follows it (section_id is the heading's anchor). The
-- vector weighs the page title A in the lead and D in the other sections (so a query whose words
-- are split between a page title and a section still finds that section, and a title match
-- counts once per page), the heading and the page description B, the text C.
CREATE TABLE "search_sections" (
    "space_id" TEXT COLLATE "C" NOT NULL,
    "page_id" TEXT COLLATE "C" NOT NULL,
    "section_id" TEXT COLLATE "C" NOT NULL,
    "position" INTEGER NOT NULL,
    "page_title" TEXT NOT NULL,
    "page_description" TEXT NOT NULL DEFAULT '',
    "section_title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "search" tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english'::regconfig, "page_title"), CASE WHEN "section_id" = '' THEN 'A' ELSE 'D' END::"char")
        || setweight(to_tsvector('english'::regconfig, "section_title" || ' ' || "page_description"), 'B')
        || setweight(to_tsvector('english'::regconfig, "body"), 'C')
    ) STORED,
    CONSTRAINT "search_sections_pkey" PRIMARY KEY ("space_id","page_id","section_id")
);
-- Space and vector in one GIN index (btree_gin): a search within some spaces intersects their
-- entries with the words' inside the index, and a search of every space uses the vector alone.
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE INDEX "search_sections_search_idx" ON "search_sections" USING GIN ("space_id", "search");
-- Page titles alone, so that title matches are always among the candidates of a common term.
CREATE INDEX "search_sections_title_idx" ON "search_sections" USING GIN (to_tsvector('english'::regconfig, "page_title")) WHERE "section_id" = '';

-- Purging a space removes its index with it.
ALTER TABLE "search_indexes" ADD CONSTRAINT "search_indexes_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "search_pages" ADD CONSTRAINT "search_pages_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "search_sections" ADD CONSTRAINT "search_sections_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
