import { db } from "../db/client";
import { notFound } from "../errors";
import { samlFor } from "./saml";

/**
 * Begins a sign-in through a provider (its `service.startURL`): records the AuthnRequest and
 * answers the identity provider's address carrying it (HTTP-Redirect binding). `callbackPath`, a
 * path of this app already checked by the caller, is where the user lands once signed in (the
 * provider's organization by default).
 */
export async function startSamlSignIn(providerId: string, baseUrl: string, callbackPath?: string): Promise<string> {
  // A deleted organization's providers sign no one in.
  const provider = await db().samlProvider.findFirst({ where: { id: providerId, organization: { deletedAt: null } } });
  if (!provider) throw notFound(`No SAML provider ${providerId}.`);
  const landing = callbackPath && callbackPath !== "/" ? callbackPath : `/o/${provider.organizationId}`;
  return samlFor(provider, baseUrl, { callbackPath: landing }).getAuthorizeUrlAsync("", undefined, {});
}
