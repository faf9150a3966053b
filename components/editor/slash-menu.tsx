"use client";

import {
  Braces,
  CircleCheck,
  Globe,
  Heading1,
  Heading2,
  Heading3,
  Image,
  Info,
  List,
  ListCollapse,
  ListOrdered,
  ListTodo,
  Minus,
  OctagonAlert,
  PanelTop,
  Quote,
  SquareCode,
  Table,
  TriangleAlert,
  Type,
  type LucideIcon,
} from "lucide-react";
import type { EditorView } from "prosemirror-view";
import { BLOCK_CHOICES, expressionNode, insertBlocks, turnInto, uploadedBlocks } from "./prosemirror/insert-blocks";
import { keptWhere } from "./prosemirror/nesting";
import { schema } from "./prosemirror/schema";

/** One entry of the slash menu. */
export type MenuItem = { id: string; label: string; description: string; icon: LucideIcon; group: "Turn into" | "Insert"; run: () => void };

const ICONS: Record<string, LucideIcon> = {
  paragraph: Type,
  "heading-1": Heading1,
  "heading-2": Heading2,
  "heading-3": Heading3,
  "list-unordered": List,
  "list-ordered": ListOrdered,
  "list-tasks": ListTodo,
  table: Table,
  "hint-info": Info,
  "hint-success": CircleCheck,
  "hint-warning": TriangleAlert,
  "hint-danger": OctagonAlert,
  code: SquareCode,
  quote: Quote,
  divider: Minus,
  tabs: PanelTop,
  expandable: ListCollapse,
};

type Actions = { chooseFile: () => void; askEmbed: () => string | null };

/**
 * What the slash typed at `from`–`to` offers where it was typed. In an empty line: every block,
 * put in place of the line. In a line with text: the blocks the line can turn into (keeping its
 * text), then every block, inserted below. In a table cell, which holds text only: variables.
 * A block the page's markdown could not keep where the line is (a table inside a quote, say) is
 * not offered there.
 */
export function slashItems(view: EditorView, from: number, to: number, variables: { scope: "space" | "page"; name: string }[], actions: Actions): MenuItem[] {
  const { state } = view;
  const $from = state.doc.resolve(from);
  const line = $from.parent;
  const hasText = line.content.size > to - from;
  let inCell = false;
  for (let depth = $from.depth; depth > 0; depth--) inCell ||= !!$from.node(depth).type.spec.tableRole;
  // In a line with text, the space that let the slash open a menu goes with it.
  const start = hasText && from > $from.start() && /\s/.test(state.doc.textBetween(from - 1, from)) ? from - 1 : from;
  const removeQuery = (then: () => void, keepSpace = false) => () => {
    view.dispatch(view.state.tr.delete(keepSpace ? from : start, to));
    then();
    view.focus();
  };
  const items: MenuItem[] = [];
  if (!inCell) {
    if (hasText) {
      for (const choice of BLOCK_CHOICES) {
        if (!choice.turnsInto || !keptWhere($from, choice.make(line.content))) continue;
        items.push({ id: `turn-${choice.id}`, label: choice.label, description: choice.description, icon: ICONS[choice.id]!, group: "Turn into", run: removeQuery(() => view.dispatch(turnInto(view.state, choice))) });
      }
    }
    // Below a line with text, blocks go after the top-level block, where every block is kept.
    const $insert = hasText ? state.doc.resolve(0) : $from;
    for (const choice of BLOCK_CHOICES) {
      if (!keptWhere($insert, choice.make())) continue;
      items.push({ id: choice.id, label: choice.label, description: choice.description, icon: ICONS[choice.id]!, group: "Insert", run: removeQuery(() => view.dispatch(insertBlocks(view.state, choice.make(), choice.cursor))) });
    }
    if (keptWhere($insert, uploadedBlocks([{ id: "probe", name: "probe.png", contentType: "image/png" }]))) {
      items.push({ id: "image", label: "Image or file", description: "Upload from this computer", icon: Image, group: "Insert", run: removeQuery(actions.chooseFile) });
    }
    const embed = schema.nodes.embed!.create({ data: { url: "https://example.com" } });
    if (keptWhere($insert, [embed])) {
      items.push({
        id: "embed",
        label: "Embed",
        description: "A video or page by its address",
        icon: Globe,
        group: "Insert",
        run: removeQuery(() => {
          const url = actions.askEmbed();
          if (url) view.dispatch(insertBlocks(view.state, [schema.nodes.embed!.create({ data: { url } }), schema.nodes.paragraph!.create()], 2));
        }),
      });
    }
  }
  for (const { scope, name } of variables) {
    items.push({
      id: `variable-${scope}-${name}`,
      label: `Variable: ${scope}.vars.${name}`,
      description: `The ${scope}'s value of ${name}`,
      icon: Braces,
      group: "Insert",
      run: removeQuery(() => view.dispatch(view.state.tr.replaceSelectionWith(expressionNode(scope, name), false).scrollIntoView()), true),
    });
  }
  return items;
}

/** Items matching what was typed after the slash, by label, description or id. */
export function matching(items: MenuItem[], query: string): MenuItem[] {
  const wanted = query.toLowerCase();
  return items.filter((item) => `${item.label} ${item.description} ${item.id}`.toLowerCase().includes(wanted));
}

/** The menu: a listbox of options in groups; the editor keeps the focus, and its keys drive it. */
export function SlashMenu({
  id,
  items,
  active,
  query,
  style,
  onKey,
  onHover,
}: {
  id: string;
  items: MenuItem[];
  active: number;
  query: string;
  style: React.CSSProperties;
  onKey: (key: string) => boolean;
  onHover: (index: number) => void;
}) {
  const groups = (["Turn into", "Insert"] as const).map((group) => ({ group, entries: items.map((item, index) => ({ item, index })).filter(({ item }) => item.group === group) }));
  const showGroups = groups.every(({ entries }) => entries.length > 0);
  const option = ({ item, index }: { item: MenuItem; index: number }) => {
    const Icon = item.icon;
    return (
      <li
        key={item.id}
        id={`${id}-${item.id}`}
        role="option"
        aria-selected={index === active}
        onMouseDown={(event) => {
          event.preventDefault();
          item.run();
        }}
        onMouseEnter={() => onHover(index)}
        className={`flex cursor-pointer items-center gap-3 px-3 py-1.5 ${index === active ? "bg-indigo-50 text-indigo-900" : "text-slate-800"}`}
      >
        <span aria-hidden className="flex size-8 shrink-0 items-center justify-center rounded border border-slate-200 bg-white text-slate-700">
          <Icon className="size-4" />
        </span>
        <span className="min-w-0">
          <span className="block truncate">
            {item.label}
          </span>
          <span className="block truncate text-xs text-slate-600">
            {item.description}
          </span>
        </span>
      </li>
    );
  };
  return (
    <ul
      id={id}
      role="listbox"
      aria-label="Insert a block"
      // Focusable, as a scrolling region must be; the editor keeps the focus, and the keys work here too.
      tabIndex={0}
      onKeyDown={(event) => {
        if (onKey(event.key)) event.preventDefault();
      }}
      className="absolute z-20 max-h-80 w-72 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
      style={style}
    >
      {items.length === 0 ? (
        <li role="option" aria-selected={false} aria-disabled className="px-3 py-1.5 text-slate-600">
          No block matches “{query}”
        </li>
      ) : showGroups ? (
        groups.map(({ group, entries }) => (
          <li key={group} role="presentation">
            <ul role="group" aria-label={group}>
              <li role="presentation" aria-hidden className="px-3 pb-1 pt-2 text-xs font-medium uppercase tracking-wide text-slate-600">
                {group}
              </li>
              {entries.map(option)}
            </ul>
          </li>
        ))
      ) : (
        items.map((item, index) => option({ item, index }))
      )}
    </ul>
  );
}
