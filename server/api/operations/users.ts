import { z } from "zod";
import { entityIdSchema } from "../../ids";
import { presentUser } from "../../presenters/user";
import { getUser } from "../../users/queries";
import { updateUserInput } from "../../users/schemas";
import { updateUser } from "../../users/update-user";
import { defineOperation } from "../operation";

const userPath = z.object({ userId: entityIdSchema });

export const userOperations = [
  defineOperation({
    operationId: "getUserById",
    method: "GET",
    path: "/v1/users/{userId}",
    params: userPath,
    handler: async (c) => presentUser(await getUser(c, c.params.userId), c.urls),
  }),
  defineOperation({
    operationId: "updateUserById",
    method: "PATCH",
    path: "/v1/users/{userId}",
    params: userPath,
    body: updateUserInput,
    handler: async (c) => presentUser(await updateUser(c, c.params.userId, c.body), c.urls),
  }),
];
