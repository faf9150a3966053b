import { getNotificationSettings } from "../../notifications/get-notification-settings";
import { notificationSettingsInput, updateNotificationSettings } from "../../notifications/update-notification-settings";
import { presentUser } from "../../presenters/user";
import { getAuthenticatedUser } from "../../users/queries";
import { updateUserInput } from "../../users/schemas";
import { changePassword, changePasswordInput } from "../../users/change-password";
import { updateUser } from "../../users/update-user";
import { protectedProcedure, router } from "../init";

/** The signed-in user's own profile (the same service as `PATCH /v1/users/{userId}`) and password. */
export const profileRouter = router({
  get: protectedProcedure.query(async ({ ctx }) => presentUser(await getAuthenticatedUser(ctx), ctx.urls)),
  update: protectedProcedure.input(updateUserInput).mutation(async ({ ctx, input }) => presentUser(await updateUser(ctx, ctx.actor.userId, input), ctx.urls)),
  /** `emailNotifications`: notifications are mailed too (when the server has mail: `emailAvailable`). */
  notificationSettings: protectedProcedure.query(({ ctx }) => getNotificationSettings(ctx)),
  updateNotificationSettings: protectedProcedure.input(notificationSettingsInput).mutation(({ ctx, input }) => updateNotificationSettings(ctx, input)),
  changePassword: protectedProcedure.input(changePasswordInput).mutation(({ ctx, input }) => changePassword(ctx, input, { clientAddress: ctx.clientAddress })),
});
