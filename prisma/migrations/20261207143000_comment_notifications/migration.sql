-- A space's owners are told of new threads on its pages: the "comment" kind.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check"
  CHECK ("kind" IN ('mention', 'reply', 'comment', 'review_requested', 'review_submitted', 'change_request_merged'));
