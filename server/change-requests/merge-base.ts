import type { ChangeRequest, Space } from "../db/generated/client";
import { isActive } from "../policies/change-request";

/** The main revision a change request last took in: where it started, or its last update from main. */
export const changeRequestBase = (changeRequest: ChangeRequest) => changeRequest.revisionMergedAncestorId ?? changeRequest.revisionInitialId;

/** An open or draft change request is outdated once main has moved past the revision it last took in. */
export const isOutdated = (changeRequest: ChangeRequest, space: Pick<Space, "revisionId">) => isActive(changeRequest) && space.revisionId !== changeRequestBase(changeRequest);
