import { organizationOperations } from "./operations/organizations";
import { ApiRouter } from "./router";

/** Every /v1 operation Quire serves. */
export const v1Router = new ApiRouter([...organizationOperations]);
