import { z } from "zod";
import { entityIdSchema } from "../../ids";
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
    handler: (c) => getUser(c, c.params.userId),
  }),
  defineOperation({
    operationId: "updateUserById",
    method: "PATCH",
    path: "/v1/users/{userId}",
    params: userPath,
    body: updateUserInput,
    handler: (c) => updateUser(c, c.params.userId, c.body),
  }),
];
