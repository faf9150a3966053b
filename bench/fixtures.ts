/** Generated content the benchmarks share, and signing in as the seeded admin. */
import { db } from "../server/db/client";
import { createApiToken } from "../server/tokens/create-api-token";
import { commitRevision } from "../server/content/revisions";
import { newId } from "../server/ids";
import { indexSpace, setMainRevision } from "../server/search/index-space";

const WORDS = "install configure deploy token webhook retries billing reference guide error handling migration authentication database cache queue search index page space site".split(" ");

/** The words of page `i` (varied by `seed`), so that pages differ and search has something to rank. */
export const pageWord = (i: number, n: number, seed = 0) => WORDS[(i * 31 + n * 17 + seed) % WORDS.length]!;

const shortBody = (i: number, seed: number) =>
  `# Page ${i}\n\nAbout ${pageWord(i, 3, seed)} and ${pageWord(i, 4, seed)}.\n\n## Details\n\nHow to ${pageWord(i, 5, seed)} the ${pageWord(i, 6, seed)} with ${pageWord(i, 7, seed)}.\n`;

/**
 * A space whose main revision holds `count` pages (ten at the top, then ten under each page in
 * order), indexed for search. `markdown` writes page `i`'s body (a short one by default).
 */
export async function spaceWithPages(organizationId: string, count: number, options: { seed?: number; markdown?: (i: number) => string } = {}) {
  const seed = options.seed ?? 0;
  const markdown = options.markdown ?? ((i: number) => shortBody(i, seed));
  const spaceId = newId();
  await db().space.create({ data: { id: spaceId, organizationId, title: `Space of ${count} pages` } });
  const now = new Date().toISOString();
  const pageIds = Array.from({ length: count }, () => newId());
  const pages = pageIds.map((id, i) => ({
    id,
    title: `Page ${i} ${pageWord(i, 1, seed)} ${pageWord(i, 2, seed)}`,
    slug: `page-${i}`,
    parentId: i < 10 ? null : pageIds[Math.floor(i / 10) - 1]!,
    sortKey: i % 10,
    markdown: markdown(i),
    createdAt: now,
    updatedAt: now,
  }));
  await db().$transaction(
    async (tx) => {
      const revision = await commitRevision(tx, { spaceId, base: null, parents: [], put: pages });
      const space = await tx.space.findUniqueOrThrow({ where: { id: spaceId } });
      await setMainRevision(tx, space, revision);
    },
    { timeout: 600_000 },
  );
  // Indexed here, as its job would be once committed: no job worker runs in the benchmarks.
  await indexSpace(spaceId);
  return { id: spaceId, pageIds };
}

/** The default levels collections and spaces cycle through, so that roles come from every kind of chain. */
const LEVELS = ["inherit", "read", "inherit", "edit", null, "comment", "inherit"] as const;
const GRANT_ROLES = ["read", "comment", "edit", "review", "admin"] as const;

/**
 * An organization as large as a real one around what a benchmark measures: `spaces` more spaces
 * spread over 50 collections three levels deep (and the root), 50 members (a fifth of them
 * guests) in 10 teams, and about 200 grants to members and teams on collections and spaces. Written in
 * bulk in one transaction (seconds, not 500 HTTP calls); `teamsOf` are users put in every team too,
 * so that resolving their access has grants to weigh.
 */
export async function populateOrganization(organizationId: string, options: { spaces: number; teamsOf?: string[]; analyze?: boolean }) {
  const collections = Array.from({ length: 50 }, (_, i) => ({
    id: newId(),
    organizationId,
    title: `Collection ${i}`,
    defaultLevel: LEVELS[i % LEVELS.length] ?? null,
    sortKey: i,
  }));
  // Ten at the top, twenty under them, twenty under those.
  const withParents = collections.map((collection, i) => ({ ...collection, parentId: i < 10 ? null : collections[Math.floor((i - 10) / 2)]!.id }));
  const spaces = Array.from({ length: options.spaces }, (_, i) => ({
    id: newId(),
    organizationId,
    title: `Space ${i} ${pageWord(i, 1)}`,
    parentId: i % 11 === 0 ? null : collections[i % collections.length]!.id,
    defaultLevel: LEVELS[(i * 3) % LEVELS.length] ?? null,
    sortKey: i,
  }));
  const users = Array.from({ length: 50 }, (_, i) => ({ id: newId(), email: `bench-member-${i}-${organizationId.toLowerCase()}@example.test`, displayName: `Member ${i}` }));
  const teams = Array.from({ length: 10 }, (_, i) => ({ id: newId(), organizationId, title: `Team ${i}` }));
  const teamMembers = [
    ...users.map((user, i) => ({ teamId: teams[i % teams.length]!.id, userId: user.id })),
    ...(options.teamsOf ?? []).flatMap((userId) => teams.map((team) => ({ teamId: team.id, userId }))),
  ];
  const grants = Array.from({ length: 200 }, (_, i) => {
    const onSpace = i % 2 === 0;
    const toTeam = i % 3 !== 0;
    return {
      id: newId(),
      organizationId,
      spaceId: onSpace ? spaces[(i * 7) % spaces.length]!.id : null,
      collectionId: onSpace ? null : collections[(i * 3) % collections.length]!.id,
      teamId: toTeam ? teams[i % teams.length]!.id : null,
      userId: toTeam ? null : users[i % users.length]!.id,
      role: GRANT_ROLES[i % GRANT_ROLES.length]!,
    };
  });
  // One grant per item and grantee, as the database requires.
  const grantKey = (grant: (typeof grants)[number]) => `${grant.spaceId ?? grant.collectionId}/${grant.teamId ?? grant.userId}`;
  const distinctGrants = [...new Map(grants.map((grant) => [grantKey(grant), grant])).values()];
  await db().$transaction(
    async (tx) => {
      await tx.collection.createMany({ data: withParents });
      await tx.space.createMany({ data: spaces });
      await tx.user.createMany({ data: users });
      await tx.member.createMany({ data: users.map((user, i) => ({ organizationId, userId: user.id, role: i % 5 === 0 ? null : GRANT_ROLES[i % 3]! })) });
      await tx.team.createMany({ data: teams });
      await tx.teamMember.createMany({ data: teamMembers });
      await tx.contentGrant.createMany({ data: distinctGrants });
    },
    { timeout: 60_000 },
  );
  // Vacuumed and analyzed, as a database that grew over time is: plans are chosen for these sizes, and no autovacuum runs during a measurement.
  if (options.analyze !== false) await db().$executeRawUnsafe("VACUUM ANALYZE");
  return { collectionIds: collections.map((collection) => collection.id), spaceIds: spaces.map((space) => space.id) };
}

/** About 4 KB of markdown: headings, prose, a list, a table, a hint and a code block, as a real guide page has. */
export function typicalPageBody(i: number): string {
  const word = (n: number) => pageWord(i, n);
  const paragraph = (n: number) =>
    `To ${word(n)} the ${word(n + 1)}, open the ${word(n + 2)} settings and choose how the ${word(n + 3)} should ${word(n + 4)}. ` +
    `Each ${word(n + 5)} keeps its own ${word(n + 6)}, so a change to one ${word(n + 7)} never affects another. ` +
    `When the ${word(n + 8)} is ready, the ${word(n + 9)} picks it up on its next run.`;
  return [
    `# Page ${i}`,
    paragraph(1),
    `## Before you start`,
    paragraph(2),
    `- A ${word(3)} with admin access\n- The ${word(4)} token from your ${word(5)}\n- About ten minutes`,
    `{% hint style="info" %}\nThe ${word(6)} is optional: without it, the defaults apply.\n{% endhint %}`,
    `## Steps`,
    `1. Open **Settings**.\n2. Select the ${word(7)} tab.\n3. Save.`,
    paragraph(8),
    "```ts\nimport { client } from \"./client\";\n\nconst result = await client." + word(9) + "({ retries: 3 });\nconsole.log(result.status);\n```",
    `## Options`,
    `| Option | Default | Meaning |\n| --- | --- | --- |\n| \`${word(10)}\` | \`true\` | Turns the ${word(11)} on. |\n| \`${word(12)}\` | \`30\` | Seconds before the ${word(13)} gives up. |\n| \`${word(14)}\` | none | Where the ${word(15)} is sent. |`,
    paragraph(16),
    `## Troubleshooting`,
    paragraph(17),
    paragraph(18),
  ].join("\n\n");
}

/**
 * The seeded admin's session cookie, signed in through next-auth's credentials flow as the browser does
 * (the benchmark sets QUIRE_ADMIN_EMAIL and QUIRE_ADMIN_PASSWORD before the database is seeded).
 */
export async function signIn(origin: string): Promise<string> {
  const csrf = await fetch(`${origin}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = csrf.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
  const form = new URLSearchParams({ csrfToken, email: process.env.QUIRE_ADMIN_EMAIL!, password: process.env.QUIRE_ADMIN_PASSWORD!, json: "true" });
  const response = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: csrfCookie },
    body: form,
    redirect: "manual",
  });
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("next-auth.session-token="));
  if (!session) throw new Error(`Signing in failed (${response.status})`);
  return session.split(";")[0]!;
}

/** The demo's admin as the bench server seeded it: the member who joined first with the admin role. */
export function seededAdmin() {
  return db().member.findFirstOrThrow({ where: { role: "admin" }, orderBy: { joinedAt: "asc" } });
}

/** An API token of `userId` for a benchmark's calls. */
export async function benchToken(userId: string): Promise<string> {
  return (await createApiToken({ userId, via: "system" }, { name: "bench" })).token;
}
