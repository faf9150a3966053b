"use client";

import { useToast } from "@/components/shell/toast";
import { copyText } from "@/components/tokens/copy-button";

/** Copies text and says so in a toast (or, when the browser refuses, that it could not). */
export function useCopy() {
  const toast = useToast();
  return async (text: string, done: string) => {
    if (await copyText(text)) toast.success(done);
    else toast.error("Your browser did not allow copying: select the text and copy it yourself.");
  };
}
