import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { KINDS, type Kind } from "@/lib/assessments/kinds";
import type { KindModule } from "@/lib/assessments/kinds/kind";
import { HAND_NAMES, PAIN_LABELS, PROGRESSION_LEVELS } from "@/lib/assessments/vocabulary";
import { negotiateLocale } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/messages";

describe("choosing the language of a page", () => {
  it("takes the switcher's cookie over the browser's preference", () => {
    assert.equal(negotiateLocale("es", "en-US,en;q=0.9"), "es");
    assert.equal(negotiateLocale("en", "es-MX"), "en");
  });

  it("follows Accept-Language by quality, matching the primary language", () => {
    assert.equal(negotiateLocale(undefined, "es-MX,es;q=0.9,en;q=0.8"), "es");
    assert.equal(negotiateLocale(undefined, "fr-FR;q=1,es;q=0.5,en;q=0.4"), "es");
    assert.equal(negotiateLocale(undefined, "en;q=0.2,es;q=0.7"), "es");
    assert.equal(negotiateLocale(undefined, "de,fr"), "en");
  });

  it("ignores a cookie naming no offered language and malformed or refused ranges", () => {
    assert.equal(negotiateLocale("xx", "es"), "es");
    assert.equal(negotiateLocale(undefined, "es;q=0, en"), "en");
    assert.equal(negotiateLocale(undefined, "<script>,es"), "es");
    assert.equal(negotiateLocale(undefined, ""), "en");
    assert.equal(negotiateLocale(undefined, null), "en");
  });
});

/** Every message path of a catalogue, e.g. "home.title". */
function paths(node: unknown, prefix = ""): string[] {
  if (typeof node === "string") return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) => paths(value, prefix ? `${prefix}.${key}` : key));
}

describe("the message catalogue", () => {
  it("has every English message in Spanish, and nothing English lacks", () => {
    assert.deepEqual(paths(MESSAGES.es).sort(), paths(MESSAGES.en).sort());
  });

  it("translates rather than copies: Spanish differs from English in most messages", () => {
    const english = new Map(
      paths(MESSAGES.en).map((path) => [path, path.split(".").reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], MESSAGES.en)]),
    );
    const same = paths(MESSAGES.es).filter(
      (path) => path.split(".").reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], MESSAGES.es) === english.get(path),
    );
    assert.ok(same.length <= paths(MESSAGES.en).length / 10, `identical in both: ${same.join(", ")}`);
  });
});

describe("the English catalogue says what the code says", () => {
  it("names every assessment kind as its kind module does (a new kind needs its words in both languages)", () => {
    for (const [type, kind] of Object.entries(KINDS) as [string, KindModule][]) {
      const { name, spoken, series } = MESSAGES.en.kinds[type as Kind];
      assert.deepEqual({ name, spoken }, { name: kind.name, spoken: kind.spoken }, type);
      // The chart line's name: the kind's, or what 100 means where the headline is not its own scale.
      assert.equal(series === kind.name, !kind.ownScale, type);
      assert.ok(MESSAGES.es.kinds[type as Kind], type);
    }
    assert.deepEqual(Object.keys(MESSAGES.en.kinds).sort(), Object.keys(KINDS).sort());
  });

  it("labels every metric as its kind module does, and names pains, levels and hands as the vocabulary does", () => {
    const metrics = MESSAGES.en.view.metrics as Record<string, Record<string, string>>;
    for (const [type, kind] of Object.entries(KINDS) as [string, KindModule][])
      for (const spec of kind.metrics) assert.equal(metrics[kind.metricLabelsOf ?? type]?.[spec.key], spec.label, `${type} ${spec.key}`);
    assert.deepEqual(Object.values(MESSAGES.en.view.painLabels), [...PAIN_LABELS]);
    assert.deepEqual(Object.values(MESSAGES.en.view.levels), [...PROGRESSION_LEVELS]);
    for (const [hand, name] of Object.entries(HAND_NAMES))
      assert.equal(MESSAGES.en.view.hand[hand as keyof typeof MESSAGES.en.view.hand], name);
  });

  it("names the service as the e-mails always have, and words the disclaimer as the PDF does", () => {
    assert.equal(MESSAGES.en.email.serviceName, "Hand Assessment Service");
    assert.equal(
      MESSAGES.en.email.disclaimer,
      "Self-measured results for information only. This is not a medical diagnosis: discuss these results with a qualified clinician.",
    );
  });
});
