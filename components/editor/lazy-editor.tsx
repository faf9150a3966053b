"use client";

import dynamic from "next/dynamic";
import { LoadingState } from "@/components/ui/states";

/**
 * The block editor, loaded only by the screens that show it: ProseMirror and its tools stay out of
 * every other page's JavaScript. It renders in the browser alone (it reads what this device kept:
 * unsaved drafts, the chosen mode), from the answers the page brought with it.
 */
export const Editor = dynamic(() => import("./change-request-editor").then((module) => module.Editor), {
  ssr: false,
  loading: () => <LoadingState label="Loading the editor…" />,
});

/** The block editor alone, where a conflict is written in place: the review page loads it only when someone writes one. */
export const BlockEditor = dynamic(() => import("./block-editor").then((module) => module.BlockEditor), {
  ssr: false,
  loading: () => <LoadingState label="Loading the block editor…" />,
});
