import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { contrast, DARK_BG, hex, LIGHT_BG, paletteOf, parseColor, type Rgb } from "../../server/sites/serve/render/look";

/**
 * Every color a published site derives from its customization keeps WCAG AA (4.5:1) against what it
 * is drawn on, whatever primary color the site chose: a property over random colors (fast-check, a
 * fixed seed so a failure reproduces), plus the primaries that failed before (the bold header's
 * 4.13–4.29).
 */

const rgb: fc.Arbitrary<Rgb> = fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }));
const HINTS = { info: [120, 120, 120], success: [0, 201, 80], warning: [254, 154, 0], danger: [251, 44, 54] } satisfies Record<string, Rgb>;
const AA = 4.5;

function palette(theme: string, primary: Rgb, mode: "light" | "dark") {
  const values = paletteOf({ theme, primary, tint: null, hints: HINTS }, mode);
  return (name: string): Rgb => {
    const color = parseColor(values[name]);
    if (!color) throw new Error(`${name} is not a color: ${values[name]}`);
    return color;
  };
}

/** The pairs of text and background the site's CSS draws with these properties. */
function pairs(theme: string, primary: Rgb, mode: "light" | "dark"): [string, number][] {
  const color = palette(theme, primary, mode);
  const background = mode === "light" ? LIGHT_BG : DARK_BG;
  const out: [string, number][] = [
    ["link on the page", contrast(color("--primary"), background)],
    ["link on the current page's highlight", contrast(color("--primary"), color("--primary-soft"))],
    ["button text on its fill", contrast(color("--on-primary"), color("--primary-fill"))],
  ];
  if (theme === "bold") {
    out.push(
      ["header text", contrast(color("--header-fg"), color("--header-bg"))],
      ["header's other sections", contrast(color("--header-muted"), color("--header-bg"))],
      ["header's search text on its field", contrast(color("--header-fg"), color("--header-field"))],
    );
  }
  return out;
}

function expectReadable(theme: string, primary: Rgb, mode: "light" | "dark") {
  for (const [what, ratio] of pairs(theme, primary, mode)) {
    expect(ratio, `${what}, ${theme} theme, ${mode}, primary ${hex(primary)}`).toBeGreaterThanOrEqual(AA);
  }
}

describe("the site's derived colors keep 4.5:1", () => {
  test("for any primary color, in every theme, light and dark", () => {
    fc.assert(
      fc.property(rgb, fc.constantFrom("clean", "muted", "bold", "gradient"), fc.constantFrom("light" as const, "dark" as const), (primary, theme, mode) => {
        expectReadable(theme, primary, mode);
      }),
      { numRuns: 3000, seed: 24 },
    );
  });

  test("the bold header with the mid-tone primaries that failed (white text at 4.13–4.29 on tabs and the search field)", () => {
    for (const primary of ["#e11d48", "#db2777", "#0d9488", "#2563eb", "#7c3aed", "#ea580c", "#16a34a", "#346ddb", "#808080", "#ffee00"]) {
      for (const mode of ["light", "dark"] as const) expectReadable("bold", parseColor(primary)!, mode);
    }
  });

  test("the bold header's text is the primary's own shade, not plain white or black", () => {
    const color = palette("bold", parseColor("#7c3aed")!, "light");
    const text = color("--header-fg");
    expect(hex(text)).not.toMatch(/^#(ffffff|000000)$/);
    // A violet's light shade keeps more blue than red and green.
    expect(text[2]).toBeGreaterThan(text[1]);
  });
});
