import { Prisma } from "../db/generated/client";

/**
 * Which spaces and sites an installation reaches, written once as SQL for every query that asks
 * (token reach, event fan-out, listings). An installation reaches a space when it is active and its
 * integration may target spaces, and either it selected all spaces or the space has an active space
 * installation of it; sites alike. `installation` is the SQL alias of an `integration_installations`
 * row joined with its integration as `integration`.
 */
export function reachesSpaceSql(installation: string, integration: string, spaceId: Prisma.Sql): Prisma.Sql {
  const i = Prisma.raw(installation);
  const g = Prisma.raw(integration);
  return Prisma.sql`(${i}.status = 'active' AND ${g}.target IN ('all', 'space') AND (${i}.space_selection = 'all' OR EXISTS (
    SELECT 1 FROM integration_space_installations isi WHERE isi.installation_id = ${i}.id AND isi.space_id = ${spaceId} AND isi.status = 'active')))`;
}

export function reachesSiteSql(installation: string, integration: string, siteId: Prisma.Sql): Prisma.Sql {
  const i = Prisma.raw(installation);
  const g = Prisma.raw(integration);
  return Prisma.sql`(${i}.status = 'active' AND ${g}.target IN ('all', 'site') AND (${i}.site_selection = 'all' OR EXISTS (
    SELECT 1 FROM integration_site_installations isi WHERE isi.installation_id = ${i}.id AND isi.site_id = ${siteId} AND isi.status = 'active')))`;
}
