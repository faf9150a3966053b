import { z } from "zod";
import { entityIdSchema } from "../../ids";
import { presentPageHit, presentSpaceHit } from "../../presenters/search";
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
    handler: async (c) => {
      const { space, ...result } = await searchSpace(c, c.params.spaceId, c.query);
      return { ...result, items: result.items.map((hit) => presentPageHit(hit, space, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "searchOrganizationContent",
    method: "GET",
    path: "/v1/orgs/{organizationId}/search",
    params: z.object({ organizationId: entityIdSchema }),
    query: searchParams,
    handler: async (c) => {
      const result = await searchOrganization(c, c.params.organizationId, c.query);
      return { ...result, items: result.items.map((space) => presentSpaceHit(space, c.urls)) };
    },
  }),
];
