"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps } from "react";

/**
 * A link that prefetches its page on intent — when the person points at it or focuses it — and not
 * when it scrolls into view, as Next's <Link> does by default: a sidebar or a page tree of hundreds
 * of links then costs nothing until one of them is about to be followed.
 */
export function IntentLink({ href, onPointerEnter, onFocus, ...props }: Omit<ComponentProps<typeof Link>, "prefetch">) {
  const router = useRouter();
  // Only an address written out can be prefetched; an object href is left to the click.
  const prefetch = () => {
    if (typeof href === "string") router.prefetch(href);
  };
  return (
    <Link
      href={href}
      prefetch={false}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        prefetch();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        prefetch();
      }}
      {...props}
    />
  );
}
