import type { Urls } from "../http/urls";
import { presentFile } from "./revision";
import type { LiveEditRecord } from "../spaces/apply-live-edit";
import { presentPageOutcome } from "./page-outcome";

/** A live edit's answer: main's new revision, what it did to each page, and the files it stored. */
export function presentLiveEdit(edit: LiveEditRecord, urls: Urls) {
  const pageUrl = (pageId: string) => urls.api(`/spaces/${edit.spaceId}/content/page/${pageId}`);
  return {
    revision: edit.revision,
    changes: edit.outcomes.map((outcome) => presentPageOutcome(outcome, pageUrl)),
    insertedFiles: edit.insertedFiles.map((file) => presentFile({ ...file, spaceId: edit.spaceId }, urls)),
  };
}
