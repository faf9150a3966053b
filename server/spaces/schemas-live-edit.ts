import { z } from "zod";
import { contentUpdateBody } from "../change-requests/schemas-content";

/** An editing session's id, made by the editor when it opens: the saves of one session are one history entry. */
export const editSessionSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "must be 8 to 64 letters, digits, - or _");

/** A live edit: a batch of content changes (the change requests' format and bounds, parsed by the batch) and the session it belongs to. */
export const liveEditInput = contentUpdateBody.extend({ session: editSessionSchema });
export type LiveEditInput = z.infer<typeof liveEditInput>;
