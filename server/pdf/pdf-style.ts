/** Fonts, colours and geometry shared by the PDF writers. */

export type Doc = PDFKit.PDFDocument;

/** A column of the page that content flows in. */
export type Frame = { left: number; width: number };

/** The standard 14 fonts: every PDF reader has them, so nothing is embedded. */
export const FONTS = {
  regular: "Helvetica",
  bold: "Helvetica-Bold",
  italic: "Helvetica-Oblique",
  boldItalic: "Helvetica-BoldOblique",
  mono: "Courier",
  monoBold: "Courier-Bold",
  monoItalic: "Courier-Oblique",
  monoBoldItalic: "Courier-BoldOblique",
} as const;

export const COLORS = {
  text: "#1f2937",
  heading: "#111827",
  muted: "#6b7280",
  accent: "#4f46e5",
  link: "#2563eb",
  rule: "#d1d5db",
  inlineCode: "#9d174d",
  codeText: "#1f2937",
  codeBackground: "#f3f4f6",
  codeTitle: "#e5e7eb",
  hint: { info: "#2563eb", warning: "#d97706", danger: "#dc2626", success: "#16a34a" } as Record<string, string>,
} as const;

export const PAGE_MARGINS = { top: 64, bottom: 64, left: 62, right: 62 };
