// Where /signin sends a browser after signing in: a path on this site, never another one. Browsers
// (and the WHATWG URL parser) read "//host", "/\host" and "/<tab>/host" as another origin, and a
// path such as "/.//host" becomes "//host" once its dot segment is removed; percent-encoded forms
// of the same turn into them when decoded by whoever reads the path next.

export const DEFAULT_CALLBACK = "/dashboard";

const BASE = "http://callback.invalid";
const MAX_LENGTH = 2048;
/** Each decoding of a value is checked too; deeper encodings are refused. */
const MAX_DECODINGS = 3;
/** Control characters (tabs and newlines included) and backslashes. */
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f\\]/;

/** A path that no reader takes for another origin: one leading slash, nothing a URL parser strips or turns into a slash. */
function isPlainPath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !UNSAFE_CHARACTER.test(path);
}

/** The path `form` names on this site, normalised as a browser would (dot segments gone); null when it is not a plain path there. */
function normalisedPath(form: string): string | null {
  if (!isPlainPath(form)) return null;
  let url: URL;
  try {
    url = new URL(form, BASE);
  } catch {
    return null;
  }
  const path = url.pathname + url.search + url.hash;
  return url.origin === BASE && isPlainPath(path) ? path : null;
}

/** The callbackUrl parameter as a same-origin path to redirect to; DEFAULT_CALLBACK for anything else. */
export function safeCallbackPath(value: string | string[] | undefined): string {
  const given = Array.isArray(value) ? value[0] : value;
  if (!given || given.length > MAX_LENGTH) return DEFAULT_CALLBACK;
  const result = normalisedPath(given);
  if (result === null) return DEFAULT_CALLBACK;
  let form = given;
  for (let decodings = 0; ; decodings++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(form);
    } catch {
      return DEFAULT_CALLBACK;
    }
    if (decoded === form) return result;
    if (decodings === MAX_DECODINGS || normalisedPath(decoded) === null) return DEFAULT_CALLBACK;
    form = decoded;
  }
}
