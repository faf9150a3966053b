"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useContentTree } from "@/components/tree/content-tree-context";
import type { ContentNode } from "@/components/tree/tree-model";

export type TargetKind = "space" | "site";
export type TargetOption = { id: string; title: string; where?: string; installable: boolean };

export const TARGET_WORDS: Record<TargetKind, { one: string; many: string; Many: string }> = {
  space: { one: "space", many: "spaces", Many: "Spaces" },
  site: { one: "site", many: "sites", Many: "Sites" },
};

/** The organization's spaces the caller sees, flat, with the collections they sit in and whether the caller may install on them. */
function spaceOptions(items: ContentNode[]): TargetOption[] {
  const out: TargetOption[] = [];
  const visit = (nodes: ContentNode[], where: string[]) => {
    for (const node of nodes) {
      if (node.type === "space") out.push({ id: node.id, title: node.title, ...(where.length ? { where: where.join(" / ") } : {}), installable: node.permissions.installIntegration });
      else visit(node.children, [...where, node.title]);
    }
  };
  visit(items, []);
  return out;
}

/**
 * The spaces or sites of the organization the caller sees (titles for installed ones), each saying
 * whether the caller may install integrations on it (the `installIntegration` of its permissions).
 */
export function useTargetOptions(kind: TargetKind, organizationId: string): { isPending: boolean; error: unknown; options: TargetOption[] } {
  const trpc = useTRPC();
  const tree = useContentTree();
  const sites = useQuery({ ...trpc.sites.list.queryOptions({ organizationId, limit: 1000 }), enabled: kind === "site" });
  if (kind === "space") return { isPending: tree.isPending, error: tree.error, options: spaceOptions(tree.data?.items ?? []) };
  return {
    isPending: sites.isPending,
    error: sites.error,
    options: (sites.data?.items ?? []).map((site) => ({ id: site.id, title: site.title, installable: site.permissions.installIntegration })),
  };
}
