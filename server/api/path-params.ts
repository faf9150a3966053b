import { z } from "zod";
import { changeRequestRefSchema } from "../change-requests/schemas";
import { entityIdSchema } from "../ids";

/** Path parameters shared by several /v1 operation groups. */
export const entityId = entityIdSchema;
export const spacePath = z.object({ spaceId: entityId });
export const changeRequestPath = spacePath.extend({ changeRequestId: changeRequestRefSchema });
