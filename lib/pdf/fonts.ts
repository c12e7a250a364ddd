// The PDF's embedded typefaces. Latin, Greek and Cyrillic: DejaVu Sans Condensed (regular and
// bold), shipped in lib/pdf/fonts/ (licence beside it). Other scripts: Debian's Noto fonts
// (packages fonts-noto-core and fonts-noto-cjk), read from /usr/share/fonts. Every text run is
// set in the first font of the page's stack that has its characters (react-pdf substitutes per
// run), so a name in Chinese, Arabic or Hebrew prints as itself, never as wrong Latin letters.
// A font whose file is missing is left out of the stack: the PDF still renders (those characters
// then print in the next font that has them, or as empty boxes), and the log names the package.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Font } from "@react-pdf/renderer";
import { logger } from "@/lib/log";

export const FONT_FAMILY = "DejaVu Sans Condensed";
/** react-pdf's last fallback, one of PDF's standard fonts (Latin only, not embedded) unless replaced. */
const LAST_RESORT = "Helvetica";

interface FallbackFont {
  family: string;
  /** Characters this font is in the stack for. */
  script: RegExp;
  regular: string;
  bold: string;
  /** Face of a font collection (.ttc). */
  postscriptName?: { regular: string; bold: string };
  debianPackage: string;
}

const NOTO_TTF = "/usr/share/fonts/truetype/noto";
const NOTO_OTC = "/usr/share/fonts/opentype/noto";

/** In stack order: each is only loaded for a report whose text has its script. */
export const FALLBACK_FONTS: FallbackFont[] = [
  {
    family: "Noto Sans",
    // Latin, Greek and Cyrillic beyond DejaVu Sans Condensed's (rare letters, extended blocks).
    script: /[\u0370-\u03ff\u0400-\u052f\u1e00-\u1fff\u2c60-\u2c7f\ua640-\ua69f\ua720-\ua7ff]/u,
    regular: join(NOTO_TTF, "NotoSans-Regular.ttf"),
    bold: join(NOTO_TTF, "NotoSans-Bold.ttf"),
    debianPackage: "fonts-noto-core",
  },
  {
    family: "Noto Sans Hebrew",
    script: /\p{Script=Hebrew}/u,
    regular: join(NOTO_TTF, "NotoSansHebrew-Regular.ttf"),
    bold: join(NOTO_TTF, "NotoSansHebrew-Bold.ttf"),
    debianPackage: "fonts-noto-core",
  },
  {
    family: "Noto Sans Arabic",
    script: /\p{Script=Arabic}/u,
    regular: join(NOTO_TTF, "NotoSansArabic-Regular.ttf"),
    bold: join(NOTO_TTF, "NotoSansArabic-Bold.ttf"),
    debianPackage: "fonts-noto-core",
  },
  {
    family: "Noto Sans CJK SC",
    script: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u,
    regular: join(NOTO_OTC, "NotoSansCJK-Regular.ttc"),
    bold: join(NOTO_OTC, "NotoSansCJK-Bold.ttc"),
    postscriptName: { regular: "NotoSansCJKsc-Regular", bold: "NotoSansCJKsc-Bold" },
    debianPackage: "fonts-noto-cjk",
  },
];

const holder = globalThis as unknown as { __handPdfFonts?: { primary: string; fallbacks: string[] } };

function bundled(file: string): string {
  return join(process.cwd(), "lib", "pdf", "fonts", file);
}

/** Registers the families whose files exist, once per process; returns what was registered. */
export function registerFonts(): { primary: string; fallbacks: string[] } {
  if (holder.__handPdfFonts) return holder.__handPdfFonts;
  let primary = FONT_FAMILY;
  const regular = bundled("DejaVuSansCondensed.ttf");
  const bold = bundled("DejaVuSansCondensed-Bold.ttf");
  if (existsSync(regular) && existsSync(bold)) {
    Font.register({
      family: FONT_FAMILY,
      fonts: [
        { src: regular, fontWeight: "normal" },
        { src: bold, fontWeight: "bold" },
      ],
    });
    // react-pdf ends every font stack with Helvetica, a standard font it never embeds, and sets
    // in it whatever no other font has: line breaks inside a text, and characters of scripts no
    // installed font covers (printed as wrong Latin letters). Helvetica is made an alias of the
    // bundled font, so such characters print as its empty box and every font is embedded.
    (Font.getRegisteredFonts() as Record<string, unknown>)[LAST_RESORT] = Font.getRegisteredFonts()[FONT_FAMILY];
  } else {
    logger.error({ font: regular }, "PDF font missing: the bundled DejaVu Sans Condensed (run the service from the project folder)");
    primary = LAST_RESORT;
  }
  const fallbacks: string[] = [];
  for (const font of FALLBACK_FONTS) {
    if (!existsSync(font.regular) || !existsSync(font.bold)) {
      logger.warn({ font: font.family, debianPackage: font.debianPackage }, "PDF font missing: install the Debian package for this script");
      continue;
    }
    Font.register({
      family: font.family,
      fonts: [
        { src: font.regular, fontWeight: "normal", ...(font.postscriptName ? { postscriptName: font.postscriptName.regular } : {}) },
        { src: font.bold, fontWeight: "bold", ...(font.postscriptName ? { postscriptName: font.postscriptName.bold } : {}) },
      ],
    });
    fallbacks.push(font.family);
  }
  // Whole words only: clinical text reads badly with automatic hyphens.
  Font.registerHyphenationCallback((word) => [word]);
  holder.__handPdfFonts = { primary, fallbacks };
  return holder.__handPdfFonts;
}

/**
 * The font stack for a document holding `text`: the primary font, then the fallbacks whose
 * script occurs in it. A report without such characters never loads the large CJK font.
 */
export function fontStack(text: string): string[] {
  const { primary, fallbacks } = registerFonts();
  const wanted = FALLBACK_FONTS.filter((font) => fallbacks.includes(font.family) && font.script.test(text)).map((font) => font.family);
  return [primary, ...wanted];
}
