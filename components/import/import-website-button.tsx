"use client";

import { Globe } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { SpaceObject } from "@/server/presenters/space";
import { ImportWebsiteDialog } from "./import-website-dialog";

/** Opens the "Import from website" dialog; shown only to those who may edit the space. */
export function ImportWebsiteButton({ space, changeRequestId }: { space: SpaceObject; changeRequestId?: string }) {
  const [open, setOpen] = useState(false);
  if (!space.permissions.edit) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Globe aria-hidden className="size-4" />
        Import from website
      </Button>
      <ImportWebsiteDialog open={open} onClose={() => setOpen(false)} spaceId={space.id} changeRequestId={changeRequestId} />
    </>
  );
}
