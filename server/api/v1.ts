import { changeRequestOperations } from "./operations/change-requests";
import { collectionOperations } from "./operations/collections";
import { contentOperations } from "./operations/content";
import { organizationOperations } from "./operations/organizations";
import { spaceOperations } from "./operations/spaces";
import { ApiRouter } from "./router";

/** Every /v1 operation Quire serves (exported so tests can walk them all). */
export const v1Operations = [...organizationOperations, ...collectionOperations, ...spaceOperations, ...changeRequestOperations, ...contentOperations];

export const v1Router = new ApiRouter(v1Operations);
