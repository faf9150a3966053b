"use client";

import { useLayoutEffect, useRef, type RefObject } from "react";

/**
 * For a controlled text field whose value the code replaces (a completion taken, a mention
 * inserted): `placeCaret(at)` puts the caret at `at` in the same commit that shows the new value,
 * before the browser handles any later keystroke. Placed a frame later instead, typing that came
 * meanwhile (a fast typist, a busy machine) lands at the old place and the text is scrambled.
 */
export function useCaretAfterRender(field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>): (at: number) => void {
  const pending = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (pending.current === null || !field.current) return;
    field.current.setSelectionRange(pending.current, pending.current);
    pending.current = null;
  });
  return (at: number) => {
    pending.current = at;
  };
}
