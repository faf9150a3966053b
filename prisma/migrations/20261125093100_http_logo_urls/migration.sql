-- Logos are http(s) URLs only: a logo stored before that rule (`javascript:…`) is dropped.
UPDATE "organizations" SET "logo_url" = NULL WHERE "logo_url" IS NOT NULL AND "logo_url" !~* '^https?://';
