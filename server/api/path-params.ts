import { z } from "zod";
import { changeRequestRefSchema } from "../change-requests/schemas";

/** Path parameters shared by several /v1 operation groups. */
export const entityId = z.string().min(1).max(64);
export const spacePath = z.object({ spaceId: entityId });
export const changeRequestPath = spacePath.extend({ changeRequestId: changeRequestRefSchema });
