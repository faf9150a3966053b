"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFormActions } from "@/components/ui/dialog";
import { SelectField } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import { useContentTree } from "./content-tree-context";
import { collectionsInOrder, indexTree, nodeKey, pointerTo, siblingsIn, type CollectionNode, type ContentNode } from "./tree-model";
import { useMoveContent, type MoveTarget } from "./use-content-actions";

const TOP_LEVEL = "";
const AT_START = "start";
const AT_END = "end";

/** Moves an item with the keyboard (or without dragging): a target collection and a place among its items. */
export function MoveContentDialog({ node, onClose }: { node: ContentNode | null; onClose: () => void }) {
  return (
    <Dialog open={node !== null} onClose={onClose} title={node ? `Move “${node.title}”` : "Move"}>
      {node && <MoveForm node={node} onClose={onClose} />}
    </Dialog>
  );
}

function MoveForm({ node, onClose }: { node: ContentNode; onClose: () => void }) {
  const tree = useContentTree();
  const items = tree.data?.items ?? [];
  const index = indexTree(items);
  const currentParent = index.get(nodeKey(node))?.parent ?? null;
  const { move, isPending, error, reset } = useMoveContent();

  // Targets are what the caller may create in; the server still decides (e.g. no collection inside itself).
  const targets = collectionsInOrder(items).filter(({ node: collection }) => collection.permissions.create && collection.id !== node.id);
  const rootAllowed = tree.data?.organization.permissions.createContent ?? false;
  const targetOptions = [
    ...(rootAllowed ? [{ value: TOP_LEVEL, label: "Top level" }] : []),
    ...targets.map(({ node: collection, path }) => ({ value: collection.id, label: [...path, collection].map((c) => c.title).join(" / ") })),
  ];
  const initialTarget = currentParent && targets.some((t) => t.node.id === currentParent.id) ? currentParent.id : rootAllowed ? TOP_LEVEL : (targets[0]?.node.id ?? TOP_LEVEL);
  const [targetId, setTargetId] = useState(initialTarget);
  const target: CollectionNode | null = targetId === TOP_LEVEL ? null : (targets.find((t) => t.node.id === targetId)?.node ?? null);

  const siblings = siblingsIn(items, target).filter((item) => nodeKey(item) !== nodeKey(node));
  const [place, setPlace] = useState(() => currentPlace(node, siblingsIn(items, currentParent)));

  function chooseTarget(value: string) {
    setTargetId(value);
    setPlace(AT_END);
    reset();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await move(node, { parent: target, position: positionFor(place, siblings) });
      onClose();
    } catch {
      // The server's reason is shown below.
    }
  }

  const placeOptions =
    siblings.length === 0
      ? [{ value: AT_END, label: "Only item" }]
      : [
          { value: AT_START, label: "At the start" },
          ...siblings.map((sibling, i) => ({ value: `after:${nodeKey(sibling)}`, label: i === siblings.length - 1 ? `At the end (after “${sibling.title}”)` : `After “${sibling.title}”` })),
        ];
  const placeValue = place === AT_END ? (placeOptions.at(-1)?.value ?? AT_END) : place;

  if (targetOptions.length === 0) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-600">There is nowhere you can move this item to.</p>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <SelectField label="Move to" options={targetOptions} value={targetId} onChange={(event) => chooseTarget(event.target.value)} autoFocus />
      <SelectField
        label="Position"
        options={placeOptions}
        value={placeValue}
        onChange={(event) => {
          setPlace(event.target.value);
          reset();
        }}
      />
      <DialogFormActions error={error ? errorMessage(error) : undefined} submitLabel="Move" submitting={isPending} onCancel={onClose} />
    </form>
  );
}

/** The place option matching where `node` sits now among `all` (its current siblings, itself included). */
function currentPlace(node: ContentNode, all: ContentNode[]): string {
  const at = all.findIndex((item) => nodeKey(item) === nodeKey(node));
  const previous = at > 0 ? all[at - 1] : undefined;
  return previous ? `after:${nodeKey(previous)}` : all.length > 1 ? AT_START : AT_END;
}

function positionFor(place: string, siblings: ContentNode[]): MoveTarget["position"] {
  const first = siblings[0];
  const last = siblings.at(-1);
  if (place === AT_START && first) return { before: pointerTo(first) };
  if (place === AT_END) return last ? { after: pointerTo(last) } : undefined;
  const sibling = siblings.find((item) => `after:${nodeKey(item)}` === place);
  return sibling ? { after: pointerTo(sibling) } : undefined;
}
