"use client";

import Link from "next/link";
import { useState, type ComponentProps } from "react";

/**
 * A link that prefetches its page on intent — when the person points at it or focuses it — and not
 * when it scrolls into view, as Next's <Link> does by default: a sidebar or a page tree of hundreds
 * of links then costs nothing until one of them is about to be followed. Intent arms Next's own
 * prefetch (the link is in view then), so a page rendered outside the app router renders as a plain link.
 */
export function IntentLink({ onPointerEnter, onFocus, ...props }: Omit<ComponentProps<typeof Link>, "prefetch">) {
  const [intended, setIntended] = useState(false);
  return (
    <Link
      prefetch={intended ? null : false}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        setIntended(true);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        setIntended(true);
      }}
      {...props}
    />
  );
}
