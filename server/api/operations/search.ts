import { z } from "zod";
import { entityIdSchema } from "../../ids";
import { searchParams } from "../../search/query";
import { searchOrganization } from "../../search/search-organization";
import { searchSpace } from "../../search/search-space";
import { defineOperation } from "../operation";
import { spacePath } from "../path-params";

/** Full-text search of a space's content and of an organization's. */
export const searchOperations = [
  defineOperation({
    operationId: "searchSpaceContent",
    method: "GET",
    path: "/v1/spaces/{spaceId}/search",
    params: spacePath,
    query: searchParams,
    handler: (c) => searchSpace(c, c.params.spaceId, c.query),
  }),
  defineOperation({
    operationId: "searchOrganizationContent",
    method: "GET",
    path: "/v1/orgs/{organizationId}/search",
    params: z.object({ organizationId: entityIdSchema }),
    query: searchParams,
    handler: (c) => searchOrganization(c, c.params.organizationId, c.query),
  }),
];
