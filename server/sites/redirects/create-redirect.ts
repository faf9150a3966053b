import type { ServiceContext } from "../../context";
import { fieldError } from "../../errors";
import { writeSite } from "../write-site";
import { NO_DRAFTS, insertRedirect, loadForWrite, presentRedirect, recordChange } from "./redirect-records";
import type { CreateRedirectInput } from "./schemas";

export async function createRedirect(ctx: ServiceContext, organizationId: string, siteId: string, input: CreateRedirectInput) {
  if (input.draft) throw fieldError("draft", NO_DRAFTS);
  return writeSite(ctx, siteId, async (tx, events) => {
    const site = await loadForWrite(tx, ctx, organizationId, siteId);
    const redirect = await insertRedirect(tx, site, input);
    recordChange(events, site, redirect, "created");
    return presentRedirect(redirect);
  });
}
