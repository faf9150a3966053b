import type { Db } from "../../db/client";
import { notifyLive } from "../../live/messages";
import { esc } from "../../sites/serve/render/html";
import { CUSTOM_SCRIPT_INTEGRATION, SYSTEM_ORGANIZATION_ID } from "./definitions";
import { parseSnippet, type SnippetScript } from "./snippet";

/** What a published site adds to its pages for its Custom script installations: the elements, and the CSP sources allowing them. */
export type SiteScripts = { head: string; body: string; cspSources: string[] };

/**
 * The Custom script snippets of a site: those of its active site installations whose organization
 * installation is active too (uninstalling either takes the snippet off). Read when the site's
 * model loads (server/sites/serve/model.ts), so a page costs nothing more once cached; null when
 * the site has none, its pages then being exactly as without the integration.
 */
export async function loadSiteScripts(tx: Db, siteId: string): Promise<SiteScripts | null> {
  const rows = await tx.$queryRaw<{ snippet: unknown; placement: unknown }[]>`
    SELECT isi.configuration->'snippet' AS snippet, isi.configuration->'placement' AS placement
    FROM integration_site_installations isi
    JOIN integration_installations ins ON ins.id = isi.installation_id
    JOIN integrations g ON g.id = ins.integration_id
    WHERE isi.site_id = ${siteId} AND isi.status = 'active' AND ins.status = 'active' AND g.name = ${CUSTOM_SCRIPT_INTEGRATION} AND g.organization_id = ${SYSTEM_ORGANIZATION_ID}`;
  const scripts: SiteScripts = { head: "", body: "", cspSources: [] };
  for (const row of rows) {
    if (typeof row.snippet !== "string") continue;
    // Saved snippets were parsed at save (configuration.ts); one refused since then is left out.
    const parsed = parseSnippet(row.snippet);
    if ("problem" in parsed) continue;
    const html = parsed.scripts.map(scriptElement).join("");
    if (row.placement === "body") scripts.body += html;
    else scripts.head += html;
    scripts.cspSources.push(...parsed.cspSources);
  }
  if (!scripts.head && !scripts.body) return null;
  return { ...scripts, cspSources: [...new Set(scripts.cspSources)] };
}

/** The element written from the parsed script, never from the pasted text (the code is as parsed: it holds no </script>). */
function scriptElement(script: SnippetScript): string {
  if (script.kind === "inline") return `<script>${script.code}</script>`;
  return `<script src="${esc(script.src)}"${script.async ? " async" : ""}${script.defer ? " defer" : ""}></script>`;
}

/**
 * Tells every app server at commit that the sites of a Custom script installation changed: called
 * before an organization installation's status changes or it is removed (its site installations
 * going with it), which no site installation's own event would announce.
 */
export async function notifySitesOfScriptInstallation(tx: Db, integrationName: string, installationId: string): Promise<void> {
  if (integrationName !== CUSTOM_SCRIPT_INTEGRATION) return;
  const sites = await tx.$queryRaw<{ site_id: string }[]>`SELECT site_id FROM integration_site_installations WHERE installation_id = ${installationId}`;
  for (const { site_id } of sites) await notifyLive(tx, { topic: "site", siteId: site_id });
}
