import { deliverEventsJob } from "../deliveries/job";
import { purgeInstallationTokensJob } from "../integrations/tokens/purge-job";
import { inviteEmailJob } from "../invites/invite-email-job";
import { passwordResetEmailJob } from "../members/password-reset-email-job";
import { buildNotificationsJob } from "../notifications/build-job";
import { notificationEmailJob } from "../notifications/email-job";
import { indexSpaceJob, searchCatchUpJob } from "../search/index-space";
import { contentImportJob } from "./import-job";
import type { AnyJobKind } from "./job-kind";
import { purgeDeletedSpacesJob } from "./purge-job";
import { purgeOrganizationEventsJob } from "../webhooks/retention-job";
import { purgeRateWindowsJob } from "../rate-limits/windows";

/** Every kind of background job; workers (server/jobs/workers.ts) work exactly these. */
export const JOB_KINDS: AnyJobKind[] = [indexSpaceJob, searchCatchUpJob, contentImportJob, purgeDeletedSpacesJob, inviteEmailJob, passwordResetEmailJob, buildNotificationsJob, notificationEmailJob, purgeInstallationTokensJob, deliverEventsJob, purgeOrganizationEventsJob, purgeRateWindowsJob];
