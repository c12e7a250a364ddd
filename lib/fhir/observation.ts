// An assessment as a FHIR R4 Observation: status final, the patient as subject, the hand as
// bodySite, the headline score as value and every sub-score, angle and answer as a component.
// Read from the same results trees as GET /assessments/:id/results (lib/assessments/read.ts).
// The mapping, field by field, is the table in docs/fhir.md.
import type { CodeableConcept, Coding, Extension, Observation, ObservationComponent } from "@medplum/fhirtypes";
import type { ResultsTree, Snapshot } from "@/lib/assessments/read";
import { KINDS } from "@/lib/assessments/kinds";
import { presentMetrics, type KindFhir, type KindModule, type MetricSpec, type MetricUnit } from "@/lib/assessments/kinds/kind";
import { readType, type ReadAssessmentType } from "@/lib/assessments/types";
import {
  CATEGORY,
  componentFocusUrl,
  handPartSite,
  metricComponentCode,
  handSite,
  ownCoding,
  ownConcept,
  PAIN_SEVERITY,
  quantity,
  RANGE_OF_JOINT_MOVEMENT,
  UNKNOWN_VALUE,
  valueConcept,
  type ComponentCode,
  type Unit,
  type ValueSetName,
} from "@/lib/fhir/terminology";
import { resourceMeta } from "@/lib/fhir/versions";

/** What an Observation is made from: the assessment row and its results tree (null without a detail row). */
export interface AssessmentRecord {
  id: number;
  ownerId: number;
  assessmentType: string;
  hand: string | null;
  dateCreated: Date;
  /** When the record last changed as FHIR sees it: its claim, or else its creation. */
  lastUpdated: Date;
  resultSnapshot: unknown;
  results: ResultsTree | null;
}

/** Standard codes an Observation carries besides this service's own, for the kinds that have one. */
const STANDARD_CODINGS: Partial<Record<ReadAssessmentType, Coding[]>> = {
  ROM: [RANGE_OF_JOINT_MOVEMENT],
  PAIN: [PAIN_SEVERITY],
};

/** The Observation.code of each type; searching by `code` matches any of its codings. */
export function typeCodings(type: ReadAssessmentType): Coding[] {
  return [...(STANDARD_CODINGS[type] ?? []), ownCoding(KINDS[type].fhir.ownCode)];
}

type Fields = Record<string, unknown>;
/** A metric component's code (`quickdash-workScore`), from lib/fhir/terminology.ts. */
type MetricCode = ReturnType<typeof metricComponentCode>;

const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
const fields = (value: unknown): Fields => (value && typeof value === "object" && !Array.isArray(value) ? (value as Fields) : {});
const list = (value: unknown): Fields[] => (Array.isArray(value) ? value.map(fields) : []);

// ---------- components ----------

/**
 * An Observation's components, appended as they are read; a value that is absent adds nothing.
 * `focus` (the body part or item a component is about) is the component-focus extension, built
 * once per part and shared by its components: an export of a thousand assessments makes a
 * hundred thousand components, so none is built twice.
 */
class Components {
  readonly list: ObservationComponent[] = [];

  private add(code: ComponentCode | MetricCode, component: Omit<ObservationComponent, "code">, focus: Extension[] | undefined): void {
    const added = component as ObservationComponent;
    added.code = ownConcept(code);
    if (focus) added.extension = focus;
    this.list.push(added);
  }

  measured(code: ComponentCode | MetricCode, value: unknown, unit: Unit, focus?: Extension[]): void {
    const n = num(value);
    if (n !== null) this.add(code, { valueQuantity: quantity(n, unit) }, focus);
  }

  coded(code: ComponentCode, set: ValueSetName, value: unknown, focus?: Extension[]): void {
    const token = text(value);
    if (token !== null) this.add(code, { valueCodeableConcept: valueConcept(set, token) }, focus);
  }

  flag(code: ComponentCode, value: unknown, focus?: Extension[]): void {
    if (typeof value === "boolean") this.add(code, { valueBoolean: value }, focus);
  }

  written(code: ComponentCode, value: unknown, focus?: Extension[]): void {
    const words = text(value);
    if (words !== null) this.add(code, { valueString: words }, focus);
  }

  whole(code: ComponentCode, value: unknown): void {
    const n = num(value);
    if (n !== null && Number.isInteger(n)) this.add(code, { valueInteger: n }, undefined);
  }

  range(code: ComponentCode, value: unknown, unit: Unit, focus?: Extension[]): void {
    const [low, high] = Array.isArray(value) ? value.map(num) : [];
    if (low != null && high != null) this.add(code, { valueRange: { low: quantity(low, unit), high: quantity(high, unit) } }, focus);
  }

  /** A component whose value was not given: medications without a rating. */
  absent(code: ComponentCode, focus?: Extension[]): void {
    this.add(code, { dataAbsentReason: UNKNOWN_VALUE }, focus);
  }

  lighting(source: Fields): void {
    const metrics = fields(source.lightingMetrics);
    this.coded("lighting-quality", "lighting-quality", source.lightingQuality);
    this.measured("lighting-mean-luma", metrics.meanY, "luma");
    this.measured("lighting-luma-sd", metrics.stdY, "luma");
  }
}

function focusOn(focus: CodeableConcept | undefined): Extension[] | undefined {
  return focus ? [{ url: componentFocusUrl(), valueCodeableConcept: focus }] : undefined;
}

/** ROM from its results tree; THUMB (and a ROM record without detail rows) from the snapshot. */
function motionComponents(into: Components, snapshot: Fields, tree: Fields | null): void {
  const source = tree ?? snapshot;
  into.measured("wrist-score", source.wristScore, "score");
  into.measured("finger-score", source.fingerScore, "score");
  const wrist = tree ? fields(tree.wrist) : null;
  if (wrist && Object.keys(wrist).length > 0) {
    into.measured("wrist-rom", wrist.unsigned_rom_deg, "degree");
    into.measured("wrist-extension-max", wrist.max_extension_deg, "degree");
    into.measured("wrist-extension-min", wrist.min_extension_deg, "degree");
    into.measured("wrist-extension-avg", wrist.avg_extension_deg, "degree");
    into.measured("wrist-flexion-max", wrist.max_flexion_deg, "degree");
    into.measured("wrist-flexion-min", wrist.min_flexion_deg, "degree");
    into.measured("wrist-flexion-avg", wrist.avg_flexion_deg, "degree");
    into.measured("frames-total", wrist.frames_total, "count");
    into.measured("frames-valid", wrist.frames_valid, "count");
    into.measured("frames-valid-percent", wrist.percent_valid_frames, "percent");
  } else {
    // The snapshot keeps the wrist's largest extension and flexion.
    into.measured("wrist-extension-max", snapshot.extensionDeg, "degree");
    into.measured("wrist-flexion-max", snapshot.flexionDeg, "degree");
  }
  into.lighting(source);
  for (const handResult of list(tree?.handResults)) {
    for (const joint of list(handResult.jointResults)) {
      const finger = text(joint.finger);
      const site = focusOn(handPartSite(text(handResult.hand), finger, text(joint.jointType) ?? (finger ? null : text(joint.id))));
      into.measured("joint-min-angle", joint.minAngle, "degree", site);
      into.measured("joint-max-angle", joint.maxAngle, "degree", site);
      into.measured("joint-avg-angle", joint.avgAngle, "degree", site);
      into.measured("joint-rom", joint.rom, "degree", site);
      into.range("joint-normal-range", joint.normalRange, "degree", site);
      into.measured("joint-flexibility-score", joint.flexibilityScore, "score", site);
      into.measured("joint-frame-count", joint.frameCount, "count", site);
    }
  }
}

function dexterityComponents(into: Components, snapshot: Fields, tree: Fields | null, hand: string | null): void {
  const source = tree ?? snapshot;
  into.measured("tapping-duration", source.duration, "second");
  into.measured("speed-score", source.speedScore, "score");
  into.measured("touch-precision", source.touchPrecision, "score");
  into.measured("consistency-score", source.consistencyScore, "score");
  into.measured("cycle-count", source.cycleCount, "count");
  into.measured("total-touches", source.totalTouches, "count");
  into.measured("sequences-completed", source.sequencesCompleted, "count");
  into.measured("time-to-10-sequences", source.timeTo10Sequences, "second");
  into.measured("tapping-frequency", source.averageFrequency, "perSecond");
  into.measured("sequence-accuracy", source.sequenceAccuracy, "score");
  into.lighting(source);
  for (const [key, value] of Object.entries(fields(tree?.fingerScores))) {
    const finger = fields(value);
    const site = focusOn(handPartSite(hand, text(finger.finger) ?? key, null));
    into.measured("finger-tapping-accuracy", finger.accuracy, "score", site);
    into.measured("finger-tapping-consistency", finger.consistency, "score", site);
    into.measured("finger-tapping-score", finger.score, "score", site);
    into.measured("finger-tapping-touches", finger.touchCount, "count", site);
  }
}

function painComponents(into: Components, snapshot: Fields, tree: Fields | null): void {
  const source = tree ?? snapshot;
  into.measured("pain-score", snapshot.overallScore, "score");
  into.coded("pain-mode", "pain-mode", source.mode);
  into.coded("pain-type", "pain-type", source.painType);
  into.coded("pain-time-of-day", "pain-time-of-day", source.timeOfDay);
  for (const entry of list(source.entries)) {
    const area = text(entry.areaType);
    const site =
      area === "DIGIT_JOINT"
        ? handPartSite(text(entry.hand), text(entry.digit), text(entry.location))
        : handPartSite(text(entry.hand), area, null);
    into.measured("pain-site-severity", entry.severity, "score", focusOn(site));
  }
  for (const medication of list(source.medications)) {
    const name = [text(medication.medicationName), text(medication.dose)].filter(Boolean).join(" ");
    if (!name) continue;
    const focus = focusOn({ text: name });
    if (num(medication.effectivenessRating) === null) into.absent("medication-effectiveness", focus);
    else into.measured("medication-effectiveness", medication.effectivenessRating, "score", focus);
  }
  for (const strategy of Array.isArray(source.strategies) ? source.strategies : [])
    into.coded("management-strategy", "management-strategy", strategy);
}

function arthritisComponents(into: Components, snapshot: Fields, tree: Fields | null, hand: string | null): void {
  const source = tree ?? snapshot;
  into.coded("morning-stiffness-duration", "morning-stiffness-duration", source.morningStiffnessDuration);
  into.measured("morning-stiffness-severity", source.morningStiffnessSeverity, "score");
  into.coded("symptom-symmetry", "symptom-symmetry", source.symptomSymmetry);
  into.coded("symptom-onset", "symptom-onset", source.symptomOnset);
  into.flag("family-history-arthritis", source.familyHistoryArthritis);
  into.whole("progression-level", source.progressionLevel);
  into.coded("arthritis-pattern", "arthritis-pattern", source.patternType);
  into.measured("rom-deficit-score", source.romDeficitScore, "score");
  into.measured("pain-burden-score", source.painBurdenScore, "score");
  into.measured("functional-score", source.functionalScore, "score");
  into.measured("stiffness-score", source.stiffnessScore, "score");
  into.measured("affected-joint-count", source.affectedJointCount, "count");
  for (const flag of Array.isArray(source.clinicalFlags) ? source.clinicalFlags : []) into.written("clinical-flag", flag);
  into.written("recommendation", source.recommendation);
  into.whole("source-rom-assessment", source.sourceRomAssessmentId);
  into.whole("source-dexterity-assessment", source.sourceDexterityAssessmentId);
  into.whole("source-pain-session", source.sourcePainSessionId);
  for (const limitation of list(source.functionalLimitations)) {
    const task = text(limitation.task);
    if (task) into.coded("functional-limitation", "difficulty", limitation.difficulty, focusOn(valueConcept("functional-task", task)));
  }
  for (const symptom of list(source.jointSymptoms)) {
    const digit = text(symptom.digit);
    const site = focusOn(handPartSite(hand, digit, text(symptom.location) ?? (digit ? null : text(symptom.id))));
    into.flag("joint-tenderness", symptom.tenderness, site);
    into.flag("joint-swelling", symptom.swelling, site);
    into.flag("joint-warmth", symptom.warmth, site);
    into.flag("joint-crepitus", symptom.crepitus, site);
  }
  for (const joint of list(source.jointHealthMap)) {
    const site = focusOn(handPartSite(hand, text(joint.digit), text(joint.location)));
    into.measured("joint-health-score", joint.healthScore, "score", site);
    into.measured("joint-rom-score", joint.romScore, "score", site);
    into.measured("joint-pain-score", joint.painScore, "score", site);
    into.flag("joint-has-symptoms", joint.hasSymptoms, site);
    for (const flag of Array.isArray(joint.flags) ? joint.flags : []) into.written("joint-flag", flag, site);
  }
}

// ---------- the Observation ----------

/** Each metric of the kind as a component in its own unit (kinds with `fhir.metricComponents`). */
function metricComponents(into: Components, kind: KindModule, snapshot: Fields): void {
  for (const { spec, value } of presentMetrics(kind, snapshot))
    into.measured(metricComponentCode(kind, spec), value, METRIC_UNITS[spec.unit]);
}

/** The UCUM unit FHIR writes for each unit a kind module shows. */
export const METRIC_UNITS: Record<MetricUnit, Unit> = {
  score: "score",
  degree: "degree",
  second: "second",
  perSecond: "perSecond",
  count: "count",
  severity: "score",
  level: "count",
  kg: "kg",
  percent: "percent",
};

type ComponentsOf = (into: Components, snapshot: Fields, tree: Fields | null, hand: string | null) => void;

/** The kinds whose components are more than their metrics (fhir.metricComponents: each metric a component). */
const COMPONENTS: Partial<Record<ReadAssessmentType, ComponentsOf>> = {
  ROM: (into, snapshot, tree) => motionComponents(into, snapshot, tree),
  THUMB: (into, snapshot, tree) => motionComponents(into, snapshot, tree),
  DEXTERITY: dexterityComponents,
  PAIN: (into, snapshot, tree) => painComponents(into, snapshot, tree),
  ARTHRITIS: arthritisComponents,
};

function headline(type: ReadAssessmentType, snapshot: Fields, tree: Fields | null): number | null {
  const key = KINDS[type].fhir.valueKey;
  return num((tree ?? snapshot)[key]) ?? num(snapshot[key]);
}

/** The unit of Observation.value: its metric's, a score where it is no metric. */
function valueUnit(type: ReadAssessmentType): Unit {
  const spec = KINDS[type].metrics.find((metric: MetricSpec) => metric.key === KINDS[type].fhir.valueKey);
  return spec ? METRIC_UNITS[spec.unit] : "score";
}

/** The observation-category coding of a type (exam or survey). */
export function observationCategory(type: ReadAssessmentType): Coding {
  return CATEGORY[KINDS[type].fhir.category];
}

export function observationResource(record: AssessmentRecord): Observation {
  const type = readType(record.assessmentType);
  const snapshot = fields(record.resultSnapshot as Snapshot);
  const tree = record.results ? fields(record.results) : null;
  const hand = record.hand ?? text(tree?.hand);
  const into = new Components();
  const own = COMPONENTS[type];
  if (own) own(into, snapshot, tree, hand);
  else if ((KINDS[type].fhir as KindFhir).metricComponents) metricComponents(into, KINDS[type], snapshot);
  const components = into.list;
  const value = headline(type, snapshot, tree);
  const { noteKey }: KindFhir = KINDS[type].fhir;
  const comments = noteKey ? text((tree ?? snapshot)[noteKey]) : null;
  const when = record.dateCreated.toISOString();
  const site = handSite(hand);
  return {
    resourceType: "Observation",
    id: String(record.id),
    meta: resourceMeta(record.lastUpdated),
    status: "final",
    category: [{ coding: [observationCategory(type)] }],
    code: { coding: typeCodings(type), text: KINDS[type].fhir.text },
    subject: { reference: `Patient/${record.ownerId}` },
    effectiveDateTime: when,
    issued: when,
    ...(value === null ? { dataAbsentReason: UNKNOWN_VALUE } : { valueQuantity: quantity(value, valueUnit(type)) }),
    ...(comments ? { note: [{ text: comments }] } : {}),
    ...(site ? { bodySite: site } : {}),
    ...(components.length > 0 ? { component: components } : {}),
  };
}
