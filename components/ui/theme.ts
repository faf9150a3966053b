"use client";

import { useCallback, useEffect, useSyncExternalStore } from "react";

export type ThemeChoice = "light" | "dark" | "system";

export const THEME_STORAGE_KEY = "quire-theme";
const DARK_QUERY = "(prefers-color-scheme: dark)";

/**
 * Run inline in <head> before the body paints (app/layout.tsx), so a dark page never flashes light:
 * the stored choice, else the system's, as the `dark` class on <html>.
 */
export const themeScript = `try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});var d=t==="dark"||(t!=="light"&&matchMedia(${JSON.stringify(DARK_QUERY)}).matches);document.documentElement.classList.toggle("dark",d)}catch(e){}`;

function storedChoice(): ThemeChoice {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === "light" || value === "dark" ? value : "system";
  } catch {
    return "system";
  }
}

function apply(choice: ThemeChoice) {
  const dark = choice === "dark" || (choice === "system" && matchMedia(DARK_QUERY).matches);
  document.documentElement.classList.toggle("dark", dark);
}

// Other tabs and this one's own changes notify through the same listeners.
const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === THEME_STORAGE_KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

const useChoice = () => useSyncExternalStore(subscribe, storedChoice, () => "system" as const);

/**
 * Keeps the `dark` class in step with the choice and, while it follows the system, with the system's
 * setting as it changes. Mounted once, in the root layout, so that every page follows (the sign-in
 * and not-found pages have no theme menu).
 */
export function ThemeFollower(): null {
  const choice = useChoice();
  useEffect(() => {
    apply(choice);
    if (choice !== "system") return;
    const media = matchMedia(DARK_QUERY);
    const onChange = () => apply("system");
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, [choice]);
  return null;
}

/** The theme the user chose (light, dark, or following the system), and a way to change it. */
export function useTheme(): { choice: ThemeChoice; setChoice: (choice: ThemeChoice) => void } {
  const choice = useChoice();

  const setChoice = useCallback((next: ThemeChoice) => {
    try {
      if (next === "system") localStorage.removeItem(THEME_STORAGE_KEY);
      else localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage refused (private mode): the choice holds for this page only.
    }
    apply(next);
    listeners.forEach((listener) => listener());
  }, []);

  return { choice, setChoice };
}
