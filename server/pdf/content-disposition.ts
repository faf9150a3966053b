/**
 * `Content-Disposition` for a PDF: an ASCII fallback name (quotes, slashes and control characters
 * replaced) and the exact name in RFC 5987 form, so no title can break the header or name a path.
 */
export function pdfContentDisposition(kind: "inline" | "attachment", filename: string): string {
  const ascii = filename.normalize("NFKD").replace(/[^\x20-\x7e]/g, "").replace(/["\\/;]/g, "_").trim() || "export.pdf";
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** A file name from a title: no path separators or control characters, at most 120 characters, `.pdf` at the end. */
export function pdfFilename(title: string): string {
  const base = title.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, " ").replace(/\s+/g, " ").trim().slice(0, 120).trim();
  return `${base || "export"}.pdf`;
}
