import { collectionOperations } from "./operations/collections";
import { organizationOperations } from "./operations/organizations";
import { spaceOperations } from "./operations/spaces";
import { ApiRouter } from "./router";

/** Every /v1 operation Quire serves. */
export const v1Router = new ApiRouter([...organizationOperations, ...collectionOperations, ...spaceOperations]);
