// The codes the FHIR API speaks: standard ones (LOINC, SNOMED CT, UCUM, HL7 terminology), each
// cited where it is used, and this service's own CodeSystem for everything no standard names.
// docs/fhir.md shows every field of every assessment type with the code it gets here.
import type { CodeableConcept, CodeSystem, Coding, Quantity } from "@medplum/fhirtypes";
import {
  arthritisPattern,
  difficultyLevel,
  functionalTask,
  morningStiffnessDuration,
  symptomOnset,
  symptomSymmetry,
} from "@/lib/assessments/kinds/arthritis-contract";
import { managementStrategy, painMode, painTimeOfDay, painType } from "@/lib/assessments/kinds/pain-contract";
import { lightingQuality } from "@/lib/assessments/schemas";
import { KIND_LIST, KINDS } from "@/lib/assessments/kinds";
import type { KindModule, MetricSpec } from "@/lib/assessments/kinds/kind";
import { scaleText } from "@/lib/report-view/present";
import { HAND_NAMES } from "@/lib/assessments/vocabulary";
import { env } from "@/lib/env";
import { words } from "@/lib/report-view/present";
import { SERVICE_VERSION } from "@/lib/version";

export const LOINC = "http://loinc.org";
export const SNOMED = "http://snomed.info/sct";
export const UCUM = "http://unitsofmeasure.org";
/** https://hl7.org/fhir/R4/codesystem-observation-category.html */
export const OBSERVATION_CATEGORY = "http://terminology.hl7.org/CodeSystem/observation-category";
/** https://hl7.org/fhir/R4/codesystem-data-absent-reason.html */
export const DATA_ABSENT_REASON = "http://terminology.hl7.org/CodeSystem/data-absent-reason";

export const CODE_SYSTEM_ID = "hand-assessment";

let base: string | undefined;

/** Where this service's FHIR API lives for the outside world (FRONTEND_URL), also the base of its canonical URLs. */
export function fhirBase(): string {
  base ??= `${env().FRONTEND_URL.replace(/\/+$/, "")}/api/fhir`;
  return base;
}

/** The canonical URL of this service's CodeSystem: it resolves, GET /api/fhir/CodeSystem/hand-assessment. */
let codeSystem: string | undefined;
export const codeSystemUrl = () => (codeSystem ??= `${fhirBase()}/CodeSystem/${CODE_SYSTEM_ID}`);

/** The extension that says which body part or item a component describes (see docs/fhir.md). */
let componentFocus: string | undefined;
export const componentFocusUrl = () => (componentFocus ??= `${fhirBase()}/StructureDefinition/component-focus`);

// ---------- UCUM units ----------
// The Unified Code for Units of Measure, https://ucum.org/ucum: `deg` (degree of plane angle),
// `s` (second), `/s` (per second), `%` (percent), and annotations in curly braces (`{score}`,
// `{count}`, `{luma}`), which UCUM reads as the unity 1 with a label for people.
export const UNITS = {
  degree: { unit: "°", code: "deg" },
  score: { unit: "score", code: "{score}" },
  count: { unit: "count", code: "{count}" },
  second: { unit: "s", code: "s" },
  perSecond: { unit: "taps/s", code: "/s" },
  percent: { unit: "%", code: "%" },
  kg: { unit: "kg", code: "kg" },
  luma: { unit: "luma", code: "{luma}" },
} as const;
export type Unit = keyof typeof UNITS;

export function quantity(value: number, unit: Unit): Quantity {
  return { value, unit: UNITS[unit].unit, system: UCUM, code: UNITS[unit].code };
}

// ---------- this service's CodeSystem ----------

interface Concept {
  code: string;
  display: string;
  definition?: string;
}

/** Observation codes (one per assessment kind, from its module) and the report code. */
const RESOURCE_CONCEPTS: readonly Concept[] = [
  ...KIND_LIST.map((kind) => ({ code: kind.fhir.ownCode, display: kind.fhir.display, definition: kind.fhir.definition })),
  { code: "report", display: "Hand assessment report", definition: "A bundle of hand assessments, presented as a PDF" },
];

/** The component code of a kind's metric, for kinds whose components are their metrics. */
export const metricComponentCode = (kind: KindModule, metric: MetricSpec): `${string}-${string}` => `${kind.fhir.ownCode}-${metric.key}`;

const METRIC_CONCEPTS: Concept[] = KIND_LIST.filter((kind) => kind.fhir.metricComponents).flatMap((kind) =>
  kind.metrics.map((metric) => ({
    code: metricComponentCode(kind, metric),
    display: metric.label,
    definition: [`${kind.shortName}: ${metric.label}`, scaleText(metric)].filter(Boolean).join(", "),
  })),
);

/** The label every page gives a kind's metric: a component that carries one is displayed the same way. */
function metricLabel(kind: KindModule, key: string): string {
  const metric = kind.metrics.find((m) => m.key === key);
  if (!metric) throw new Error(`${kind.type} has no metric ${key}`);
  return metric.label;
}

/** Component codes: every measured or reported field without a standard code. */
const COMPONENT_CONCEPTS = [
  { code: "wrist-score", display: metricLabel(KINDS.ROM, "wristScore"), definition: "Wrist sub-score, 0-100" },
  { code: "finger-score", display: metricLabel(KINDS.ROM, "fingerScore"), definition: "Finger sub-score, 0-100" },
  { code: "wrist-rom", display: "Wrist range of motion", definition: "Unsigned wrist range of motion, degrees" },
  { code: "wrist-extension-max", display: metricLabel(KINDS.ROM, "extensionDeg"), definition: "Largest wrist extension angle, degrees" },
  { code: "wrist-extension-min", display: "Wrist extension, minimum", definition: "Smallest wrist extension angle, degrees" },
  { code: "wrist-extension-avg", display: "Wrist extension, mean", definition: "Mean wrist extension angle, degrees" },
  { code: "wrist-flexion-max", display: metricLabel(KINDS.ROM, "flexionDeg"), definition: "Largest wrist flexion angle, degrees" },
  { code: "wrist-flexion-min", display: "Wrist flexion, minimum", definition: "Smallest wrist flexion angle, degrees" },
  { code: "wrist-flexion-avg", display: "Wrist flexion, mean", definition: "Mean wrist flexion angle, degrees" },
  { code: "frames-total", display: "Frames recorded", definition: "Camera frames recorded" },
  { code: "frames-valid", display: "Frames usable", definition: "Camera frames in which the hand was measurable" },
  { code: "frames-valid-percent", display: "Frames usable, percent", definition: "Usable frames as a percentage of recorded frames" },
  {
    code: "lighting-quality",
    display: "Lighting quality",
    definition: "The camera's lighting as the app judged it (value: a lighting-quality-* code)",
  },
  { code: "lighting-mean-luma", display: "Lighting, mean brightness", definition: "Mean luma of the camera image (meanY)" },
  { code: "lighting-luma-sd", display: "Lighting, brightness spread", definition: "Standard deviation of the camera image's luma (stdY)" },
  { code: "joint-min-angle", display: "Joint angle, minimum", definition: "Smallest angle of one joint, degrees (focus: the joint)" },
  { code: "joint-max-angle", display: "Joint angle, maximum", definition: "Largest angle of one joint, degrees (focus: the joint)" },
  { code: "joint-avg-angle", display: "Joint angle, mean", definition: "Mean angle of one joint, degrees (focus: the joint)" },
  { code: "joint-rom", display: "Joint range of motion", definition: "Range of motion of one joint, degrees (focus: the joint)" },
  {
    code: "joint-normal-range",
    display: "Joint normal range",
    definition: "The reference range of motion the app scored the joint against, degrees",
  },
  { code: "joint-flexibility-score", display: "Joint flexibility score", definition: "Flexibility of one joint, 0-100 (focus: the joint)" },
  { code: "joint-frame-count", display: "Joint frames measured", definition: "Frames in which the joint was measured (focus: the joint)" },
  { code: "tapping-duration", display: "Tapping test duration", definition: "Length of the tapping test, seconds" },
  { code: "speed-score", display: metricLabel(KINDS.DEXTERITY, "speedScore"), definition: "Speed sub-score, 0-100" },
  { code: "touch-precision", display: metricLabel(KINDS.DEXTERITY, "touchPrecision"), definition: "Precision sub-score, 0-100" },
  { code: "consistency-score", display: metricLabel(KINDS.DEXTERITY, "consistencyScore"), definition: "Consistency sub-score, 0-100" },
  { code: "cycle-count", display: metricLabel(KINDS.DEXTERITY, "cycleCount"), definition: "Tapping cycles completed" },
  { code: "total-touches", display: metricLabel(KINDS.DEXTERITY, "totalTouches"), definition: "Touches counted" },
  { code: "sequences-completed", display: metricLabel(KINDS.DEXTERITY, "sequencesCompleted"), definition: "Tapping sequences completed" },
  {
    code: "time-to-10-sequences",
    display: metricLabel(KINDS.DEXTERITY, "timeTo10Sequences"),
    definition: "Seconds taken for the first 10 sequences",
  },
  { code: "tapping-frequency", display: metricLabel(KINDS.DEXTERITY, "averageFrequency"), definition: "Mean taps per second" },
  {
    code: "sequence-accuracy",
    display: metricLabel(KINDS.DEXTERITY, "sequenceAccuracy"),
    definition: "Accuracy of the tapped sequences, as the app scored it",
  },
  {
    code: "finger-tapping-accuracy",
    display: "Finger tapping accuracy",
    definition: "Tapping accuracy of one finger, 0-100 (focus: the finger)",
  },
  {
    code: "finger-tapping-consistency",
    display: "Finger tapping consistency",
    definition: "Tapping consistency of one finger, 0-100 (focus: the finger)",
  },
  { code: "finger-tapping-score", display: "Finger tapping score", definition: "Tapping score of one finger, 0-100 (focus: the finger)" },
  { code: "finger-tapping-touches", display: "Finger touches", definition: "Touches by one finger (focus: the finger)" },
  { code: "pain-score", display: "Pain score", definition: "100 x (1 - worst pain / 10): higher is better" },
  {
    code: "pain-site-severity",
    display: "Pain severity at a site",
    definition: "Self-reported pain at one place of the hand, 0-10 (focus: the place)",
  },
  { code: "pain-mode", display: "Pain assessment mode", definition: "Quick or detailed (value: a pain-mode-* code)" },
  { code: "pain-type", display: "Pain type", definition: "The kind of pain reported (value: a pain-type-* code)" },
  { code: "pain-time-of-day", display: "Pain time of day", definition: "When the pain is worst (value: a pain-time-of-day-* code)" },
  {
    code: "medication-effectiveness",
    display: "Medication effectiveness",
    definition: "How much a medication helps, 0-10 (focus: the medication and dose)",
  },
  {
    code: "management-strategy",
    display: "Pain management strategy",
    definition: "A strategy the patient uses (value: a management-strategy-* code)",
  },
  {
    code: "morning-stiffness-duration",
    display: "Morning stiffness duration",
    definition: "How long morning stiffness lasts (value: a morning-stiffness-duration-* code)",
  },
  { code: "morning-stiffness-severity", display: "Morning stiffness severity", definition: "Severity of morning stiffness, 0-10" },
  {
    code: "symptom-symmetry",
    display: "Symptom symmetry",
    definition: "Which hands are affected, and alike (value: a symptom-symmetry-* code)",
  },
  { code: "symptom-onset", display: "Symptom onset", definition: "How the symptoms began (value: a symptom-onset-* code)" },
  { code: "family-history-arthritis", display: "Family history of arthritis", definition: "Whether a relative has arthritis, as reported" },
  {
    code: "progression-level",
    display: metricLabel(KINDS.ARTHRITIS, "progressionLevel"),
    definition: "0 No concerns, 1 Minimal, 2 Moderate, 3 Significant, 4 Severe (the app's evaluation)",
  },
  {
    code: "arthritis-pattern",
    display: "Arthritis pattern",
    definition: "The pattern the app's evaluation suggests (value: an arthritis-pattern-* code)",
  },
  { code: "rom-deficit-score", display: metricLabel(KINDS.ARTHRITIS, "romDeficitScore"), definition: "Evaluation sub-score, 0-100" },
  { code: "pain-burden-score", display: metricLabel(KINDS.ARTHRITIS, "painBurdenScore"), definition: "Evaluation sub-score, 0-100" },
  { code: "functional-score", display: metricLabel(KINDS.ARTHRITIS, "functionalScore"), definition: "Evaluation sub-score, 0-100" },
  { code: "stiffness-score", display: metricLabel(KINDS.ARTHRITIS, "stiffnessScore"), definition: "Evaluation sub-score, 0-100" },
  {
    code: "affected-joint-count",
    display: metricLabel(KINDS.ARTHRITIS, "affectedJointCount"),
    definition: "Number of joints the evaluation counts as affected",
  },
  { code: "clinical-flag", display: "Clinical flag", definition: "A flag the app's evaluation raised (text)" },
  { code: "recommendation", display: "Recommendation", definition: "The app's recommendation (text)" },
  {
    code: "source-rom-assessment",
    display: "Source ROM assessment",
    definition: "The record id of the ROM assessment the evaluation used, as the app sent it",
  },
  {
    code: "source-dexterity-assessment",
    display: "Source dexterity assessment",
    definition: "The record id of the dexterity assessment the evaluation used, as the app sent it",
  },
  {
    code: "source-pain-session",
    display: "Source pain session",
    definition: "The record id of the pain session the evaluation used, as the app sent it",
  },
  {
    code: "functional-limitation",
    display: "Functional limitation",
    definition: "Difficulty with one task (focus: a functional-task-* code; value: a difficulty-* code)",
  },
  { code: "joint-tenderness", display: "Joint tenderness", definition: "Whether the joint is tender (focus: the joint)" },
  { code: "joint-swelling", display: "Joint swelling", definition: "Whether the joint is swollen (focus: the joint)" },
  { code: "joint-warmth", display: "Joint warmth", definition: "Whether the joint is warm (focus: the joint)" },
  { code: "joint-crepitus", display: "Joint crepitus", definition: "Whether the joint grates (focus: the joint)" },
  { code: "joint-health-score", display: "Joint health score", definition: "Health of one joint, 0-100 (focus: the joint)" },
  {
    code: "joint-rom-score",
    display: "Joint range-of-motion score",
    definition: "Range-of-motion score of one joint, 0-100 (focus: the joint)",
  },
  { code: "joint-pain-score", display: "Joint pain score", definition: "Pain score of one joint, 0-100 (focus: the joint)" },
  { code: "joint-has-symptoms", display: "Joint has symptoms", definition: "Whether the joint has symptoms (focus: the joint)" },
  { code: "joint-flag", display: "Joint flag", definition: "A flag raised for one joint, text (focus: the joint)" },
] as const satisfies readonly Concept[];

/** The value vocabularies: one code per enumeration value, `<prefix>-<value in kebab case>`. */
const VALUE_SETS = {
  "lighting-quality": lightingQuality.options,
  "pain-mode": painMode.options,
  "pain-type": painType.options,
  "pain-time-of-day": painTimeOfDay.options,
  "management-strategy": managementStrategy.options,
  "morning-stiffness-duration": morningStiffnessDuration.options,
  difficulty: difficultyLevel.options,
  "functional-task": functionalTask.options,
  "symptom-onset": symptomOnset.options,
  "symptom-symmetry": symptomSymmetry.options,
  "arthritis-pattern": arthritisPattern.options,
} as const;
export type ValueSetName = keyof typeof VALUE_SETS;

const valueCode = (set: ValueSetName, value: string) => `${set}-${value.toLowerCase().replace(/_/g, "-")}`;

const VALUE_CONCEPTS: Concept[] = Object.entries(VALUE_SETS).flatMap(([set, values]) =>
  values.map((value) => ({ code: valueCode(set as ValueSetName, value), display: words(value), definition: `${set}: ${value}` })),
);

export type ComponentCode = (typeof COMPONENT_CONCEPTS)[number]["code"];

const ALL_CONCEPTS: readonly Concept[] = [...RESOURCE_CONCEPTS, ...COMPONENT_CONCEPTS, ...METRIC_CONCEPTS, ...VALUE_CONCEPTS];
const DISPLAY = new Map(ALL_CONCEPTS.map((concept) => [concept.code, concept.display]));

/** A coding of this service's CodeSystem. */
export function ownCoding(code: string): Coding {
  return { system: codeSystemUrl(), code, display: DISPLAY.get(code)! };
}

const ownConcepts = new Map<string, CodeableConcept>();

/**
 * The code of a component, as one shared object per code: an export of a thousand assessments
 * holds a hundred thousand components, and their codes need not be built (or kept) apart.
 */
export function ownConcept(code: string): CodeableConcept {
  let concept = ownConcepts.get(code);
  if (!concept) ownConcepts.set(code, (concept = Object.freeze({ coding: [Object.freeze(ownCoding(code))] })));
  return concept;
}

/** An enumeration value (e.g. pain type DULL_ACHING) as a concept of this service's CodeSystem. */
export function valueConcept(set: ValueSetName, value: string): CodeableConcept {
  const code = valueCode(set, value);
  const display = DISPLAY.get(code);
  // Values outside the enumeration never pass input validation; a stored one is still shown as text.
  return display ? { coding: [{ system: codeSystemUrl(), code, display }], text: display } : { text: value };
}

/** GET /CodeSystem/hand-assessment: every code above, complete. */
export function codeSystemResource(): CodeSystem {
  return {
    resourceType: "CodeSystem",
    id: CODE_SYSTEM_ID,
    url: codeSystemUrl(),
    version: SERVICE_VERSION,
    name: "HandAssessment",
    title: "Hand assessment service codes",
    status: "active",
    experimental: false,
    publisher: "Hand Assessment Service",
    description:
      "Codes of the hand assessment service for what no standard terminology names: assessment types, their sub-scores and angles, and the values of its questionnaires. Standard codes (LOINC, SNOMED CT, UCUM) are used wherever one exists; see docs/fhir.md.",
    caseSensitive: true,
    content: "complete",
    count: ALL_CONCEPTS.length,
    concept: ALL_CONCEPTS.map((concept) => ({ ...concept })),
  };
}

// ---------- standard codes ----------

/** Observation categories, https://hl7.org/fhir/R4/codesystem-observation-category.html */
export const CATEGORY = {
  exam: { system: OBSERVATION_CATEGORY, code: "exam", display: "Exam" },
  survey: { system: OBSERVATION_CATEGORY, code: "survey", display: "Survey" },
} as const satisfies Record<string, Coding>;

/** LOINC 72514-3 "Pain severity - 0-10 verbal numeric rating [Score] - Reported", https://loinc.org/72514-3 */
export const PAIN_SEVERITY: Coding = {
  system: LOINC,
  code: "72514-3",
  display: "Pain severity - 0-10 verbal numeric rating [Score] - Reported",
};

/**
 * SNOMED CT 364564000 |Range of joint movement (observable entity)|,
 * https://browser.ihtsdotools.org/?perspective=full&conceptId1=364564000
 */
export const RANGE_OF_JOINT_MOVEMENT: Coding = {
  system: SNOMED,
  code: "364564000",
  display: "Range of joint movement (observable entity)",
};

/** data-absent-reason "unknown", https://hl7.org/fhir/R4/codesystem-data-absent-reason.html */
export const UNKNOWN_VALUE: CodeableConcept = { coding: [{ system: DATA_ABSENT_REASON, code: "unknown", display: "Unknown" }] };

// Body sites: SNOMED CT body structures with their side in one concept, as listed in the IHE
// PCC mobile Paramedicine Summary of Care value set of extremity finding sites,
// https://profiles.ihe.net/PCC/mPSC/ValueSet/Physical.Finding.of.Extremities.TargetSite.VS
// (and, for a hand without side, 85562004 |Hand structure|, DICOM PS3.16 CID 4031 "Common
// Anatomic Regions"). A site without a concept of its own (a joint of a finger, a side "both")
// is given as text only: a broader code would say less than the record does.
const sct = (code: string, display: string): Coding => ({ system: SNOMED, code, display });

const HAND_SITES = {
  LEFT: sct("368456002", "Entire left hand"),
  RIGHT: sct("368455003", "Entire right hand"),
  BOTH: sct("85562004", "Hand structure"),
} as const;

type Side = "LEFT" | "RIGHT";
const SIDED_SITES: Record<string, Record<Side, Coding>> = {
  THUMB: { LEFT: sct("734143007", "Structure of left thumb"), RIGHT: sct("734144001", "Structure of right thumb") },
  INDEX: { LEFT: sct("770841009", "Structure of left index finger"), RIGHT: sct("770842002", "Structure of right index finger") },
  MIDDLE: { LEFT: sct("770884005", "Structure of left middle finger"), RIGHT: sct("770885006", "Structure of right middle finger") },
  RING: { LEFT: sct("770882009", "Structure of left ring finger"), RIGHT: sct("770883004", "Structure of right ring finger") },
  LITTLE: { LEFT: sct("762101005", "Structure of left little finger"), RIGHT: sct("762102003", "Structure of right little finger") },
  PALM: { LEFT: sct("789216008", "Structure of palm of left hand"), RIGHT: sct("789217004", "Structure of palm of right hand") },
  DORSAL: { LEFT: sct("789218009", "Structure of dorsum of left hand"), RIGHT: sct("789219001", "Structure of dorsum of right hand") },
  WRIST: { LEFT: sct("5951000", "Structure of left wrist region"), RIGHT: sct("9736006", "Structure of right wrist region") },
};

/** The hand an assessment measured, as Observation.bodySite. */
export function handSite(hand: string | null): CodeableConcept | undefined {
  if (hand !== "LEFT" && hand !== "RIGHT" && hand !== "BOTH") return undefined;
  return { coding: [HAND_SITES[hand]], text: HAND_NAMES[hand] };
}

/**
 * A part of the hand: `part` is a digit (THUMB..LITTLE), PALM, DORSAL or WRIST; `detail` a finer
 * place (a joint: PIP, MCP; a client's joint name). Coded only when SNOMED CT has the exact place.
 */
export function handPartSite(hand: string | null, part: string | null, detail: string | null): CodeableConcept | undefined {
  const side = hand === "LEFT" || hand === "RIGHT" ? hand : null;
  const text = [side ? words(side) : hand === "BOTH" ? "Both hands," : null, part ? words(part).toLowerCase() : null, detail]
    .filter(Boolean)
    .join(" ")
    .trim();
  if (!text) return undefined;
  const coding = side && part && !detail ? SIDED_SITES[part]?.[side] : undefined;
  return { ...(coding ? { coding: [coding] } : {}), text: text.charAt(0).toUpperCase() + text.slice(1) };
}
