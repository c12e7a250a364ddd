// The PDF's embedded typeface: DejaVu Sans Condensed (regular and bold), shipped in
// lib/pdf/fonts/ (licence beside it), read from disk so rendering never touches the network.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Font } from "@react-pdf/renderer";

export const FONT_FAMILY = "DejaVu Sans Condensed";

const holder = globalThis as unknown as { __handPdfFonts?: boolean };

function fontPath(file: string): string {
  const path = join(process.cwd(), "lib", "pdf", "fonts", file);
  if (!existsSync(path)) throw new Error(`PDF font missing: ${path} (the service runs from the project folder)`);
  return path;
}

/** Registers the family once per process. */
export function registerFonts(): void {
  if (holder.__handPdfFonts) return;
  Font.register({
    family: FONT_FAMILY,
    fonts: [
      { src: fontPath("DejaVuSansCondensed.ttf"), fontWeight: "normal" },
      { src: fontPath("DejaVuSansCondensed-Bold.ttf"), fontWeight: "bold" },
    ],
  });
  // Whole words only: clinical text reads badly with automatic hyphens.
  Font.registerHyphenationCallback((word) => [word]);
  holder.__handPdfFonts = true;
}
