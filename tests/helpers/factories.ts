import { randomBytes } from "node:crypto";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import type { Role } from "../../server/policies/roles";
import { createApiToken } from "../../server/tokens/api-tokens";

/** Test data builders: every test creates its own tenant, so no global reset is needed. */

const unique = () => randomBytes(5).toString("hex");

export async function createUser(overrides: { email?: string; displayName?: string } = {}) {
  const id = newId();
  return db().user.create({
    data: { id, email: overrides.email ?? `user-${unique()}@example.test`, displayName: overrides.displayName ?? `User ${unique()}` },
  });
}

export async function createToken(userId: string): Promise<string> {
  return (await createApiToken({ userId }, { name: "test" })).token;
}

export async function createOrganization(title = `Org ${unique()}`) {
  return db().organization.create({ data: { id: newId(), title } });
}

export async function addMember(organizationId: string, role: Role | null) {
  const user = await createUser();
  await db().member.create({ data: { organizationId, userId: user.id, role } });
  return { user, token: await createToken(user.id) };
}

/** An organization with an admin and a token for each role, plus an unrelated tenant next door. */
export async function createTenant() {
  const organization = await createOrganization();
  const admin = await addMember(organization.id, "admin");
  const other = await createOrganization();
  const stranger = await addMember(other.id, "admin");
  return {
    organization,
    admin,
    otherOrganization: other,
    stranger,
    member: (role: Role | null) => addMember(organization.id, role),
  };
}
