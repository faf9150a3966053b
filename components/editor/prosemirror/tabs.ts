import { Fragment, type Node } from "prosemirror-model";
import { Plugin, PluginKey, Selection, type EditorState, type Transaction } from "prosemirror-state";
import { Decoration, DecorationSet, type NodeView, type NodeViewConstructor } from "prosemirror-view";
import { schema } from "./schema";

/**
 * Tabs edited as a tab strip: one tab's content shows at a time, and the strip adds, renames,
 * moves and removes tabs. Which tab shows is editor state (a plugin's, by the tabs block's
 * position), not content: it follows the cursor into a tab and the strip's clicks.
 */

const { nodes } = schema;

type TabsState = { active: Map<number, number>; decorations: DecorationSet };

const tabsKey = new PluginKey<TabsState>("tabs");

/** The tabs block and tab index the position is in, innermost first. */
function tabAround(state: EditorState, pos: number): { tabs: number; index: number } | null {
  const $pos = state.doc.resolve(pos);
  for (let depth = $pos.depth; depth > 0; depth--) {
    if ($pos.node(depth).type === nodes.tabs_item) return { tabs: $pos.before(depth - 1), index: $pos.index(depth - 1) };
  }
  return null;
}

function decorate(doc: Node, active: Map<number, number>): DecorationSet {
  const decorations: Decoration[] = [];
  doc.descendants((node, pos) => {
    if (node.type !== nodes.tabs) return !node.isTextblock;
    const index = Math.min(active.get(pos) ?? 0, node.childCount - 1);
    decorations.push(Decoration.node(pos, pos + node.nodeSize, {}, { activeTab: index }));
    let child = pos + 1;
    for (let i = 0; i < index; i++) child += node.child(i).nodeSize;
    decorations.push(Decoration.node(child, child + node.child(index).nodeSize, { class: "pm-tab-active" }));
    return true;
  });
  return DecorationSet.create(doc, decorations);
}

export const tabsPlugin = new Plugin<TabsState>({
  key: tabsKey,
  state: {
    init(_, state) {
      const around = tabAround(state, state.selection.from);
      const active = new Map(around ? [[around.tabs, around.index]] : []);
      return { active, decorations: decorate(state.doc, active) };
    },
    apply(tr, previous, _old, state) {
      const chosen = tr.getMeta(tabsKey) as { tabs: number; index: number } | undefined;
      const around = tr.selectionSet || tr.docChanged ? tabAround(state, state.selection.from) : null;
      if (!tr.docChanged && !chosen && !around) return previous;
      const active = new Map<number, number>();
      for (const [pos, index] of previous.active) {
        const mapped = tr.mapping.mapResult(pos);
        if (!mapped.deleted) active.set(mapped.pos, index);
      }
      for (const pick of [around, chosen]) if (pick) active.set(pick.tabs, pick.index);
      const same = !tr.docChanged && active.size === previous.active.size && [...active].every(([pos, index]) => previous.active.get(pos) === index);
      return same ? previous : { active, decorations: decorate(state.doc, active) };
    },
  },
  props: { decorations: (state) => tabsKey.getState(state)?.decorations },
});

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text = ""): HTMLElementTagNameMap[K] {
  const dom = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) dom.setAttribute(name, value);
  if (text) dom.textContent = text;
  return dom;
}

const titleOf = (tab: Node) => String((tab.attrs.data as { title?: string } | null)?.title ?? "");

/** The tabs block: a strip of tabs with the chosen tab's actions, above the chosen tab's content. */
const activeOf = (decorations: readonly Decoration[]) =>
  (decorations.find((decoration) => (decoration.spec as { activeTab?: number }).activeTab !== undefined)?.spec as { activeTab?: number } | undefined)?.activeTab;

export const tabsView: NodeViewConstructor = (initial, view, getPos, outer) => {
  let node = initial;
  let active = Math.min(activeOf(outer) ?? 0, node.childCount - 1);
  const strip = element("div", { role: "tablist", "aria-label": "Tabs", class: "pm-tab-strip" });
  const title = element("input", { class: "pm-tab-title", "aria-label": "Tab title", placeholder: "Tab title", spellcheck: "false" });
  const button = (label: string, text: string, run: () => void) => {
    const dom = element("button", { type: "button", class: "pm-tab-action", "aria-label": label, title: label }, text);
    dom.addEventListener("click", run);
    return dom;
  };
  const left = button("Move tab left", "←", () => move(-1));
  const right = button("Move tab right", "→", () => move(1));
  const remove = button("Remove tab", "×", () => removeTab());
  const add = button("Add tab", "+", () => addTab());
  const actions = element("div", { class: "pm-tab-actions" });
  actions.append(title, left, right, remove);
  const bar = element("div", { class: "pm-tab-bar", contenteditable: "false" });
  bar.append(strip, add, actions);
  const content = element("div", { class: "pm-tab-panels" });
  const dom = element("div", { class: "pm-tabs" });
  dom.append(bar, content);

  const start = () => getPos();
  const tabStart = (index: number) => {
    let pos = start()! + 1;
    for (let i = 0; i < index; i++) pos += node.child(i).nodeSize;
    return pos;
  };
  /** Shows tab `index` (with the cursor in it when `focus`), in the same transaction as `tr`'s changes. */
  const show = (tr: Transaction, index: number, focus: boolean) => {
    const pos = start();
    if (pos === undefined) return;
    tr.setMeta(tabsKey, { tabs: pos, index });
    if (focus) {
      let child = pos + 1;
      for (let i = 0; i < index; i++) child += tr.doc.nodeAt(pos)!.child(i).nodeSize;
      tr.setSelection(Selection.near(tr.doc.resolve(child + 1)));
    }
    view.dispatch(tr);
    if (focus) view.focus();
  };
  const move = (direction: -1 | 1) => {
    const other = active + direction;
    if (start() === undefined || other < 0 || other >= node.childCount) return;
    const first = Math.min(active, other);
    const from = tabStart(first);
    const tr = view.state.tr.replaceWith(from, from + node.child(first).nodeSize + node.child(first + 1).nodeSize, [node.child(first + 1), node.child(first)]);
    show(tr, other, false);
  };
  const removeTab = () => {
    const pos = start();
    if (pos === undefined) return;
    if (node.childCount === 1) {
      view.dispatch(view.state.tr.delete(pos, pos + node.nodeSize));
      view.focus();
      return;
    }
    const from = tabStart(active);
    show(view.state.tr.delete(from, from + node.child(active).nodeSize), Math.max(0, active - 1), true);
  };
  const addTab = () => {
    if (start() === undefined) return;
    // At the end of the strip, where its "+" is.
    const tab = nodes.tabs_item!.create({ data: { title: `Tab ${node.childCount + 1}` } }, nodes.paragraph!.create());
    show(view.state.tr.insert(start()! + node.nodeSize - 1, tab), node.childCount, true);
  };
  title.addEventListener("input", () => {
    const pos = tabStart(active);
    const tab = view.state.doc.nodeAt(pos);
    if (tab) view.dispatch(view.state.tr.setNodeMarkup(pos, undefined, { ...tab.attrs, data: { ...tab.attrs.data, title: title.value } }));
  });
  title.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === "Escape") {
      event.preventDefault();
      show(view.state.tr, active, true);
    }
  });
  strip.addEventListener("keydown", (event) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (active + step + node.childCount) % node.childCount;
    show(view.state.tr, next, false);
    (strip.children[next] as HTMLElement | undefined)?.focus();
  });

  const render = () => {
    while (strip.children.length > node.childCount) strip.lastChild!.remove();
    node.forEach((tab, _offset, index) => {
      let item = strip.children[index] as HTMLButtonElement | undefined;
      if (!item) {
        item = element("button", { type: "button", role: "tab", class: "pm-tab-button" });
        item.addEventListener("click", () => show(view.state.tr, [...strip.children].indexOf(item!), true));
        strip.append(item);
      }
      item.textContent = titleOf(tab) || "Untitled tab";
      item.setAttribute("aria-selected", String(index === active));
      item.tabIndex = index === active ? 0 : -1;
    });
    if (document.activeElement !== title) title.value = titleOf(node.child(active));
    left.disabled = active === 0;
    right.disabled = active === node.childCount - 1;
  };
  render();

  return {
    dom,
    contentDOM: content,
    update(next, decorations) {
      if (next.type !== node.type) return false;
      node = next;
      active = Math.min(activeOf(decorations) ?? active, node.childCount - 1);
      render();
      return true;
    },
    stopEvent: (event) => bar.contains(event.target as globalThis.Node),
    ignoreMutation: (mutation) => bar.contains(mutation.target) || mutation.type === "attributes",
  } satisfies NodeView;
};

/** One tab's content: the panel of its tab in the strip. */
export const tabsItemView: NodeViewConstructor = (node) => {
  const dom = element("section", { class: "pm-tab", role: "tabpanel", "aria-label": titleOf(node) || "Untitled tab" });
  return {
    dom,
    contentDOM: dom,
    update(next) {
      if (next.type !== node.type) return false;
      dom.setAttribute("aria-label", titleOf(next) || "Untitled tab");
      return true;
    },
    ignoreMutation: (mutation) => mutation.type === "attributes" && mutation.target === dom,
  };
};

/** Two tabs, for the slash menu. */
export function newTabs(): Node {
  return nodes.tabs!.create(null, Fragment.from([1, 2].map((n) => nodes.tabs_item!.create({ data: { title: `Tab ${n}` } }, nodes.paragraph!.create()))));
}
