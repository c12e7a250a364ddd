// FHIR JSON text. A FHIR string holds no control character but TAB, LF and CR: requests refuse
// them (lib/api/text.ts), and text stored before they did, or taken from an identity provider's
// claims (a name), is written without them, so one old record cannot make an EHR refuse a file.

/** JSON.stringify's escapes of U+0000-U+001F but TAB, LF and CR, after any escaped backslash (kept whole). */
const ESCAPES = /\\(?:\\|u00(?:0[0-8bcef]|1[0-9a-f])|[bf])/g;

/** A resource (or Bundle) as FHIR JSON: JSON.stringify, with forbidden control characters left out of its strings. */
export function fhirJson(value: unknown): string {
  const json = JSON.stringify(value);
  return json.includes("\\") ? json.replace(ESCAPES, (escape) => (escape === "\\\\" ? escape : "")) : json;
}
