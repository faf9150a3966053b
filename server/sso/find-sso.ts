import { db } from "../db/client";

/**
 * The sign-in page's "Sign in with SSO", before anyone is signed in: the providers of the
 * organizations an email's domain belongs to (their `emailDomains`), or of one organization named
 * by its hostname or id. It tells a stranger only what a sign-in page must: which organizations
 * of that domain offer single sign-on, and through what. Start URLs are the edge's
 * (`presentSsoEntry`, server/presenters/saml-provider.ts).
 */
export async function findSsoEntries(query: string) {
  const text = query.trim();
  const domain = text.includes("@") ? text.slice(text.lastIndexOf("@") + 1).toLowerCase() : null;
  const providers = await db().samlProvider.findMany({
    where: { organization: { deletedAt: null, ...(domain !== null ? { emailDomains: { has: domain } } : { OR: [{ hostname: text.toLowerCase() }, { id: text }] }) } },
    include: { organization: { select: { id: true, title: true } } },
    orderBy: [{ organization: { title: "asc" } }, { label: "asc" }, { id: "asc" }],
    take: 20,
  });
  return providers.map((provider) => ({ id: provider.id, label: provider.label, organization: provider.organization }));
}

/** The organization's title and ways in, for the page shown to a member its SSO rule keeps out. */
export async function ssoEntriesOfOrganization(organizationId: string) {
  const organization = await db().organization.findUniqueOrThrow({
    where: { id: organizationId },
    select: { title: true, samlProviders: { orderBy: [{ label: "asc" }, { id: "asc" }], select: { id: true, label: true } } },
  });
  return { title: organization.title, entries: organization.samlProviders };
}
