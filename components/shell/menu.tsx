"use client";

import clsx from "clsx";
import { Check } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from "react";
import { createPortal } from "react-dom";

type MenuContextValue = { close: (returnFocus?: boolean) => void };
const MenuContext = createContext<MenuContextValue>({ close: () => {} });

const ITEM_SELECTOR = '[role="menuitem"],[role="menuitemradio"]';
const GAP = 4;
const MARGIN = 8;

type MenuProps = {
  /** Accessible name of the button, when its content is not text (an icon). */
  label?: string;
  button: ReactNode;
  buttonClassName?: string;
  buttonTabIndex?: number;
  buttonRef?: Ref<HTMLButtonElement>;
  align?: "start" | "end";
  menuClassName?: string;
  children: ReactNode;
};

/**
 * A button opening a menu (WAI-ARIA menu button pattern): arrows, Home/End, Escape and Tab
 * work as in desktop menus. The menu is portalled and fixed-positioned, so scrolling panels
 * (the sidebar) cannot clip it; it closes when the page scrolls or resizes under it.
 */
export function Menu({ label, button, buttonClassName, buttonTabIndex, buttonRef, align = "start", menuClassName, children }: MenuProps) {
  const [open, setOpen] = useState<false | "first" | "last">(false);
  const ownButton = useRef<HTMLButtonElement | null>(null);
  const popup = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const buttonId = useId();

  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) ownButton.current?.focus();
  }, []);

  useLayoutEffect(() => {
    const anchor = ownButton.current;
    const menu = popup.current;
    if (!open || !anchor || !menu) return;
    const rect = anchor.getBoundingClientRect();
    const { offsetWidth: width, offsetHeight: height } = menu;
    const below = rect.bottom + GAP;
    const top = below + height > window.innerHeight - MARGIN && rect.top - GAP - height > MARGIN ? rect.top - GAP - height : below;
    const left = align === "end" ? rect.right - width : rect.left;
    // Placed before paint, and shown only then: a hidden menu could not take focus.
    menu.style.top = `${top}px`;
    // A long menu (many organizations) scrolls within the window instead of running off it.
    menu.style.maxHeight = `${window.innerHeight - top - MARGIN}px`;
    menu.style.left = `${Math.min(Math.max(MARGIN, left), window.innerWidth - width - MARGIN)}px`;
    menu.style.visibility = "visible";
    const items = menuItems(menu);
    const checked = items.find((item) => item.getAttribute("aria-checked") === "true");
    (open === "last" ? items.at(-1) : (checked ?? items[0]))?.focus();
  }, [open, align]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popup.current?.contains(target) && !ownButton.current?.contains(target)) close(false);
    };
    const onScroll = (event: Event) => {
      if (!popup.current?.contains(event.target as Node)) close(false);
    };
    const onResize = () => close(false);
    document.addEventListener("pointerdown", onPointerDown);
    window.addEventListener("scroll", onScroll, true);
    window.addEventListener("resize", onResize);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      window.removeEventListener("scroll", onScroll, true);
      window.removeEventListener("resize", onResize);
    };
  }, [open, close]);

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      event.stopPropagation();
      setOpen(event.key === "ArrowUp" ? "last" : "first");
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Keys used here must not also drive a surrounding widget (the content tree).
    event.stopPropagation();
    const items = menuItems(event.currentTarget);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (event.key === "ArrowDown") focusAt(index + 1);
    else if (event.key === "ArrowUp") focusAt(index - 1);
    else if (event.key === "Home") focusAt(0);
    else if (event.key === "End") focusAt(items.length - 1);
    else if (event.key === "Escape") close();
    else if (event.key === "Tab") close(false);
    else return;
    if (event.key !== "Tab") event.preventDefault();
  }

  const setButtonRef = (node: HTMLButtonElement | null) => {
    ownButton.current = node;
    if (typeof buttonRef === "function") buttonRef(node);
    else if (buttonRef) buttonRef.current = node;
  };

  return (
    <>
      <button
        ref={setButtonRef}
        id={buttonId}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls={open ? menuId : undefined}
        tabIndex={buttonTabIndex}
        className={buttonClassName}
        onClick={() => (open ? close(false) : setOpen("first"))}
        onKeyDown={onButtonKeyDown}
      >
        {button}
      </button>
      {open &&
        createPortal(
          <MenuContext.Provider value={{ close }}>
            <div
              ref={popup}
              id={menuId}
              role="menu"
              aria-labelledby={buttonId}
              onKeyDown={onMenuKeyDown}
              style={{ top: 0, left: 0, visibility: "hidden" }}
              className={clsx("fixed z-50 min-w-48 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg", menuClassName)}
            >
              {children}
            </div>
          </MenuContext.Provider>,
          document.body,
        )}
    </>
  );
}

function menuItems(menu: HTMLElement): HTMLElement[] {
  return [...menu.querySelectorAll<HTMLElement>(ITEM_SELECTOR)].filter((item) => item.getAttribute("aria-disabled") !== "true");
}

const itemClass =
  "flex w-full items-center gap-2 px-3 py-1.5 text-left text-slate-700 outline-none! hover:bg-slate-100 focus:bg-slate-100 aria-disabled:cursor-not-allowed aria-disabled:text-slate-400";

/** A menu action; `onSelect` runs after the menu closes (focus back on its button). */
export function MenuItem({ onSelect, icon, danger, disabled, children }: { onSelect: () => void; icon?: ReactNode; danger?: boolean; disabled?: boolean; children: ReactNode }) {
  const { close } = useContext(MenuContext);
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      aria-disabled={disabled || undefined}
      className={clsx(itemClass, danger && "text-red-700 hover:bg-red-50 focus:bg-red-50")}
      onClick={() => {
        if (disabled) return;
        close();
        onSelect();
      }}
    >
      {icon && <span aria-hidden className="flex size-4 shrink-0 items-center justify-center text-slate-500">{icon}</span>}
      <span className="min-w-0 flex-1 truncate">{children}</span>
    </button>
  );
}

/** One of a set of choices, the current one checked (e.g. the current organization). */
export function MenuRadioItem({ checked, onSelect, children }: { checked: boolean; onSelect: () => void; children: ReactNode }) {
  const { close } = useContext(MenuContext);
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={checked}
      tabIndex={-1}
      className={itemClass}
      onClick={() => {
        close(false);
        onSelect();
      }}
    >
      <span aria-hidden className="flex size-4 shrink-0 items-center justify-center text-indigo-600">
        {checked && <Check className="size-4" />}
      </span>
      <span className="min-w-0 flex-1 truncate">{children}</span>
    </button>
  );
}

export function MenuLink({ href, icon, children }: { href: string; icon?: ReactNode; children: ReactNode }) {
  const { close } = useContext(MenuContext);
  return (
    <IntentLink href={href} role="menuitem" tabIndex={-1} className={itemClass} onClick={() => close(false)}>
      {icon && <span aria-hidden className="flex size-4 shrink-0 items-center justify-center text-slate-500">{icon}</span>}
      <span className="min-w-0 flex-1 truncate">{children}</span>
    </IntentLink>
  );
}

export function MenuSeparator() {
  return <div role="separator" className="my-1 border-t border-slate-100" />;
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return <div className="px-3 pb-1 pt-2 text-xs font-medium uppercase tracking-wide text-slate-500">{children}</div>;
}
