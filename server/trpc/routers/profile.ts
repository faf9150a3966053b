import { getAuthenticatedUser } from "../../users/queries";
import { updateUserInput } from "../../users/schemas";
import { changePassword, changePasswordInput } from "../../users/change-password";
import { updateUser } from "../../users/update-user";
import { protectedProcedure, router } from "../init";

/** The signed-in user's own profile (the same service as `PATCH /v1/users/{userId}`) and password. */
export const profileRouter = router({
  get: protectedProcedure.query(({ ctx }) => getAuthenticatedUser(ctx)),
  update: protectedProcedure.input(updateUserInput).mutation(({ ctx, input }) => updateUser(ctx, ctx.actor.userId, input)),
  changePassword: protectedProcedure.input(changePasswordInput).mutation(({ ctx, input }) => changePassword(ctx, input, { clientAddress: ctx.clientAddress })),
});
