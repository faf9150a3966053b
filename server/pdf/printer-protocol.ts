/** Messages between the app server and its PDF printer thread (server/pdf/print-worker.ts). */

export type PrintJob = {
  id: number;
  /** The whole HTML document to print. */
  document: string;
  format: "A4" | "Letter";
  executablePath: string;
  /** Whether the document's other resources (the space's images) are asked of the main thread. */
  hasResources: boolean;
};

export type PrinterRequest =
  | { type: "print"; job: PrintJob }
  | { type: "resource"; requestId: number; resource: { body: Uint8Array; contentType: string } | null }
  /** The main thread's deadline passed (it has answered): the render's page is closed. */
  | { type: "cancel"; jobId: number }
  | { type: "close" };

export type PrinterReply =
  | { type: "printed"; jobId: number; pdf: ArrayBuffer }
  | { type: "failed"; jobId: number; message: string }
  | { type: "resource"; jobId: number; requestId: number; pathname: string }
  | { type: "closed" };
