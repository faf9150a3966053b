import { randomBytes } from "node:crypto";
import { hashPassword } from "../auth/passwords";
import { createCollection } from "../collections/create-collection";
import { jobContext, type ServiceContext } from "../context";
import { newId } from "../ids";
import { commitRevision, currentRevision, readPages } from "../content/revisions";
import { setMainRevision } from "../search/index-space";
import { inviteToContent } from "../grants/invite-to-content";
import { createLinkInvite } from "../invites/create-link-invite";
import { deleteInvite } from "../invites/delete-invite";
import { signUpWithInvite } from "../invites/join-with-invite";
import type { Role } from "../policies/roles";
import { createSpace } from "../spaces/create-space";
import { createTeam } from "../teams/create-team";
import { writeSpace } from "../spaces/write-space";
import { db } from "./client";

export type SeededAdmin = { email: string; generatedPassword?: string };

type SamplePage = { title: string; slug: string; markdown: string };

/**
 * On a database without users, creates the demo: an organization, its admin
 * (`QUIRE_ADMIN_EMAIL`, `QUIRE_ADMIN_PASSWORD` or a random password) and sample content,
 * through the same service functions as the API. Returns null when there was nothing to do.
 */
export async function seedDemo(): Promise<SeededAdmin | null> {
  if ((await db().user.count()) > 0) return null;
  const email = (process.env.QUIRE_ADMIN_EMAIL || "admin@example.com").trim().toLowerCase();
  const generatedPassword = process.env.QUIRE_ADMIN_PASSWORD ? undefined : randomBytes(12).toString("base64url");
  const userId = newId();
  try {
    await db().user.create({
      // The operator chose this address: it counts as verified (an admin on a domain verifies it for an organization).
      data: { id: userId, email, displayName: "Admin", emailVerifiedAt: new Date(), passwordHash: await hashPassword(process.env.QUIRE_ADMIN_PASSWORD || generatedPassword!) },
    });
  } catch (error) {
    // Another app server starting on the same database got there first: it seeds.
    if ((error as { code?: string }).code === "P2002") return null;
    throw error;
  }
  const organization = await db().organization.create({
    data: { id: newId(), title: "Demo organization", members: { create: { userId, role: "admin" } } },
  });
  const ctx = jobContext(userId);
  const orgId = organization.id;

  const product = await createCollection(ctx, orgId, { title: "Product" });
  const guides = await createCollection(ctx, orgId, { title: "Guides", parent: product.id });
  const gettingStarted = await createSpace(ctx, orgId, { title: "Getting started", parent: guides.id });
  await writePages(ctx, gettingStarted.id, [
    {
      title: "Introduction",
      slug: "introduction",
      markdown: "# Welcome to Quire\n\nThis space belongs to the **Guides** collection, itself inside **Product**.\n\n- Organize spaces in nested collections.\n- Manage everything from the browser or the `/v1` API.\n",
    },
    {
      title: "Using the API",
      slug: "using-the-api",
      markdown: "# Using the API\n\nCreate a token with `npm run --silent token -- you@example.com`, then:\n\n```sh\ncurl -H \"Authorization: Bearer $TOKEN\" http://localhost:3000/v1/orgs\n```\n",
    },
  ]);
  const reference = await createSpace(ctx, orgId, { title: "API reference", parent: product.id });
  await writePages(ctx, reference.id, [
    { title: "Introduction", slug: "introduction", markdown: "# API reference\n\nEvery `/v1` operation is compatible with GitBook's API.\n" },
  ]);
  const handbook = await createSpace(ctx, orgId, { title: "Team handbook" });
  await writePages(ctx, handbook.id, [
    { title: "Introduction", slug: "introduction", markdown: "# Team handbook\n\nA space at the root of the organization, outside any collection.\n" },
  ]);
  await seedPeople(ctx, orgId, { adminEmail: email, teamSpaceId: reference.id });
  return { email, generatedPassword };
}

/** The demo's colleagues: who joins with which role, and who is in the Writers team. */
const DEMO_PEOPLE: { displayName: string; email: string; role: Role | null; writer: boolean }[] = [
  { displayName: "Maya Chen", email: "maya@example.com", role: "edit", writer: true },
  { displayName: "Sam Ortiz", email: "sam@example.com", role: "read", writer: false },
  { displayName: "Lee Park", email: "lee@example.com", role: null, writer: true },
];

/**
 * A few members with different roles, a team and a grant, so that a newcomer sees people and access
 * at work: each colleague joins through an invite link of their role (the links are then deleted),
 * and the Writers team gets edit access to one space — which is all the guest among them can see.
 * Their passwords are random and never shown: they are there to be looked at, not signed in as.
 */
async function seedPeople(ctx: ServiceContext, organizationId: string, options: { adminEmail: string; teamSpaceId: string }): Promise<void> {
  const writers: string[] = [];
  for (const person of DEMO_PEOPLE.filter((candidate) => candidate.email !== options.adminEmail)) {
    const invite = await createLinkInvite(ctx, organizationId, { role: person.role });
    await signUpWithInvite(invite.token!, { email: person.email, displayName: person.displayName, password: randomBytes(18).toString("base64url") });
    await deleteInvite(ctx, organizationId, invite.id, "link");
    if (person.writer) writers.push((await db().user.findUniqueOrThrow({ where: { email: person.email }, select: { id: true } })).id);
  }
  const team = await createTeam(ctx, organizationId, { title: "Writers", members: writers });
  await inviteToContent(ctx, { type: "space", id: options.teamSpaceId }, { role: "edit", teams: [team.id] });
}

/** Records the sample pages as a new revision of the space, following its first one (a page keeps its id). */
async function writePages(ctx: ServiceContext, spaceId: string, pages: SamplePage[]): Promise<void> {
  await writeSpace(ctx, spaceId, { lock: "space", pages: pages.length }, async (tx, events) => {
    const space = await tx.space.findUniqueOrThrow({ where: { id: spaceId } });
    const base = await currentRevision(tx, space);
    const previous = await readPages(tx, base);
    const now = new Date().toISOString();
    const revision = await commitRevision(tx, {
      spaceId,
      base,
      parents: [base.id],
      put: pages.map((page, index) => ({
        ...page,
        id: previous.find((existing) => existing.slug === page.slug)?.id ?? newId(),
        parentId: null,
        sortKey: index + 1,
        createdAt: now,
        updatedAt: now,
      })),
    });
    await setMainRevision(tx, space, revision);
    events.record({ organizationId: space.organizationId, action: "space.content_edited", target: { type: "space", id: space.id, label: space.title }, payload: { revision: revision.id } });
  });
}
