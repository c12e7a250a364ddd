-- CreateEnum
CREATE TYPE "ContactKind" AS ENUM ('PATIENT', 'ANONYMOUS', 'STAFF');

-- CreateEnum
CREATE TYPE "AssessmentType" AS ENUM ('ROM', 'FINGER_TAPPING', 'PAIN', 'ARTHRITIS', 'THUMB_MOVEMENTS');

-- CreateEnum
CREATE TYPE "Hand" AS ENUM ('LEFT', 'RIGHT', 'BOTH');

-- CreateEnum
CREATE TYPE "HandDigit" AS ENUM ('THUMB', 'INDEX', 'MIDDLE', 'RING', 'LITTLE');

-- CreateEnum
CREATE TYPE "DigitLocation" AS ENUM ('TIP', 'DIP', 'PIP', 'MCP', 'CMC', 'PALM', 'DORSAL');

-- CreateEnum
CREATE TYPE "LightingQuality" AS ENUM ('GOOD', 'FAIR', 'POOR');

-- CreateEnum
CREATE TYPE "PainType" AS ENUM ('SHARP', 'DULL_ACHING', 'BURNING', 'THROBBING', 'TINGLING_NUMBNESS', 'STIFFNESS', 'SWELLING');

-- CreateEnum
CREATE TYPE "PainTimeOfDay" AS ENUM ('MORNING', 'AFTERNOON', 'EVENING', 'NIGHT', 'CONSTANT');

-- CreateEnum
CREATE TYPE "PainAssessmentMode" AS ENUM ('QUICK', 'DETAILED');

-- CreateEnum
CREATE TYPE "PainAreaType" AS ENUM ('DIGIT_JOINT', 'PALM', 'DORSAL', 'WRIST');

-- CreateEnum
CREATE TYPE "ManagementStrategy" AS ENUM ('ELEVATION', 'REST', 'ICE', 'COMPRESSION', 'SPLINTING', 'OTHER');

-- CreateEnum
CREATE TYPE "MorningStiffnessDuration" AS ENUM ('NONE', 'UNDER_15_MIN', 'MIN_15_TO_30', 'MIN_30_TO_60', 'OVER_60_MIN');

-- CreateEnum
CREATE TYPE "DifficultyLevel" AS ENUM ('NONE', 'MILD', 'MODERATE', 'SEVERE', 'UNABLE');

-- CreateEnum
CREATE TYPE "FunctionalTask" AS ENUM ('GRIPPING', 'PINCHING', 'TURNING_KEY', 'OPENING_JAR', 'WRITING', 'BUTTONING', 'CUTTING_FOOD', 'CARRYING', 'WRINGING', 'TYPING');

-- CreateEnum
CREATE TYPE "SymptomOnset" AS ENUM ('GRADUAL_MONTHS', 'GRADUAL_YEARS', 'SUDDEN_WEEKS', 'FLARE_UPS');

-- CreateEnum
CREATE TYPE "SymptomSymmetry" AS ENUM ('LEFT_ONLY', 'RIGHT_ONLY', 'BOTH_SYMMETRIC', 'BOTH_ASYMMETRIC');

-- CreateEnum
CREATE TYPE "ArthritisPattern" AS ENUM ('UNDETERMINED', 'OA_PATTERN', 'RA_PATTERN', 'MIXED');

-- CreateEnum
CREATE TYPE "JournalEntryType" AS ENUM ('PRE_ASSESSMENT', 'POST_ASSESSMENT', 'AD_HOC_CHECK_IN', 'INITIAL_INTAKE');

-- CreateEnum
CREATE TYPE "SubscriptionTier" AS ENUM ('CORE', 'PLUS');

-- CreateEnum
CREATE TYPE "SubscriptionStatus" AS ENUM ('ACTIVE', 'PAST_DUE', 'CANCELED', 'UNPAID', 'TRIALING', 'INCOMPLETE');

-- CreateEnum
CREATE TYPE "LeadType" AS ENUM ('STAY_IN_TOUCH', 'DEMO');

-- CreateEnum
CREATE TYPE "LeadInterest" AS ENUM ('API', 'SDK', 'FHIR', 'RESEARCH', 'OTHER');

-- CreateTable
CREATE TABLE "contacts" (
    "id" SERIAL NOT NULL,
    "kind" "ContactKind" NOT NULL,
    "sub" TEXT,
    "email" TEXT,
    "name" TEXT,
    "roles" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "contacts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "patient_profiles" (
    "contact_id" INTEGER NOT NULL,
    "date_of_birth" DATE,
    "sex" TEXT,
    "dominant_hand" "Hand",
    "affected_hand" "Hand",
    "injury" TEXT,
    "injury_date" DATE,
    "surgery_type" TEXT,
    "surgery_date" DATE,
    "notes" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "patient_profiles_pkey" PRIMARY KEY ("contact_id")
);

-- CreateTable
CREATE TABLE "treatments" (
    "id" SERIAL NOT NULL,
    "contact_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "started_at" DATE,
    "ended_at" DATE,
    "notes" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "treatments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "assessments" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(6) NOT NULL,
    "assessment_type" "AssessmentType" NOT NULL,
    "hand" "Hand",
    "result_snapshot" JSONB NOT NULL DEFAULT '{}',
    "is_anonymous" BOOLEAN NOT NULL,
    "expires_at" TIMESTAMPTZ(3),
    "view_count" INTEGER NOT NULL DEFAULT 0,
    "email" TEXT,
    "owner_id" INTEGER NOT NULL,
    "claimed_at" TIMESTAMPTZ(3),
    "date_created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "assessments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "score_points" (
    "id" SERIAL NOT NULL,
    "contact_id" INTEGER NOT NULL,
    "assessment_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "hand" "Hand",
    "overall_score" DOUBLE PRECISION NOT NULL,
    "rom_score" DOUBLE PRECISION,
    "dexterity_score" DOUBLE PRECISION,
    "pain_score" DOUBLE PRECISION,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "score_points_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rom_assessments" (
    "id" SERIAL NOT NULL,
    "assessment_id" INTEGER,
    "hand" "Hand" NOT NULL,
    "overall_score" DOUBLE PRECISION NOT NULL,
    "wrist_score" DOUBLE PRECISION,
    "finger_score" DOUBLE PRECISION,
    "lighting_quality" "LightingQuality",
    "lighting_metrics" JSONB,
    "unsigned_rom_deg" DOUBLE PRECISION,
    "max_extension_deg" DOUBLE PRECISION,
    "min_extension_deg" DOUBLE PRECISION,
    "avg_extension_deg" DOUBLE PRECISION,
    "max_flexion_deg" DOUBLE PRECISION,
    "min_flexion_deg" DOUBLE PRECISION,
    "avg_flexion_deg" DOUBLE PRECISION,
    "frames_total" INTEGER,
    "frames_valid" INTEGER,
    "percent_valid_frames" DOUBLE PRECISION,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rom_assessments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rom_hand_results" (
    "id" SERIAL NOT NULL,
    "rom_assessment_id" INTEGER NOT NULL,
    "hand" "Hand" NOT NULL,
    "wrist_score" DOUBLE PRECISION,
    "finger_score" DOUBLE PRECISION,

    CONSTRAINT "rom_hand_results_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rom_joint_results" (
    "id" SERIAL NOT NULL,
    "hand_result_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "joint_id" TEXT,
    "finger" TEXT,
    "joint_type" TEXT,
    "min_angle" DOUBLE PRECISION,
    "max_angle" DOUBLE PRECISION,
    "avg_angle" DOUBLE PRECISION,
    "rom" DOUBLE PRECISION,
    "normal_range_min" DOUBLE PRECISION,
    "normal_range_max" DOUBLE PRECISION,
    "flexibility_score" DOUBLE PRECISION,
    "frame_count" INTEGER,

    CONSTRAINT "rom_joint_results_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dexterity_assessments" (
    "id" SERIAL NOT NULL,
    "assessment_id" INTEGER,
    "hand" "Hand" NOT NULL,
    "duration" DOUBLE PRECISION NOT NULL,
    "overall_score" DOUBLE PRECISION NOT NULL,
    "speed_score" DOUBLE PRECISION NOT NULL,
    "touch_precision" DOUBLE PRECISION,
    "consistency_score" DOUBLE PRECISION NOT NULL,
    "cycle_count" INTEGER NOT NULL,
    "total_touches" INTEGER NOT NULL,
    "sequences_completed" INTEGER,
    "time_to_10_sequences" DOUBLE PRECISION,
    "average_frequency" DOUBLE PRECISION,
    "sequence_accuracy" DOUBLE PRECISION,
    "lighting_quality" "LightingQuality",
    "lighting_metrics" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dexterity_assessments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dexterity_finger_results" (
    "id" SERIAL NOT NULL,
    "dexterity_assessment_id" INTEGER NOT NULL,
    "finger_key" TEXT NOT NULL,
    "finger" TEXT,
    "accuracy" DOUBLE PRECISION,
    "consistency" DOUBLE PRECISION,
    "score" DOUBLE PRECISION,
    "touch_count" INTEGER,

    CONSTRAINT "dexterity_finger_results_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pain_sessions" (
    "id" SERIAL NOT NULL,
    "assessment_id" INTEGER,
    "mode" "PainAssessmentMode" NOT NULL,
    "hand" "Hand" NOT NULL,
    "pain_type" "PainType",
    "time_of_day" "PainTimeOfDay",
    "max_severity" DOUBLE PRECISION NOT NULL,
    "comments" TEXT,
    "is_complete" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pain_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pain_entries" (
    "id" SERIAL NOT NULL,
    "pain_session_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "area_type" "PainAreaType" NOT NULL,
    "hand" "Hand" NOT NULL,
    "digit" "HandDigit",
    "location" "DigitLocation",
    "severity" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "pain_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pain_medications" (
    "id" SERIAL NOT NULL,
    "pain_session_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "medication_name" TEXT NOT NULL,
    "dose" TEXT,
    "effectiveness_rating" DOUBLE PRECISION,

    CONSTRAINT "pain_medications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pain_strategies" (
    "id" SERIAL NOT NULL,
    "pain_session_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "strategy" "ManagementStrategy" NOT NULL,

    CONSTRAINT "pain_strategies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "arthritis_evaluations" (
    "id" SERIAL NOT NULL,
    "assessment_id" INTEGER,
    "hand" "Hand" NOT NULL,
    "morning_stiffness_duration" "MorningStiffnessDuration",
    "morning_stiffness_severity" DOUBLE PRECISION,
    "symptom_symmetry" "SymptomSymmetry",
    "symptom_onset" "SymptomOnset",
    "family_history_arthritis" BOOLEAN,
    "composite_score" DOUBLE PRECISION,
    "progression_level" INTEGER,
    "pattern_type" "ArthritisPattern",
    "rom_deficit_score" DOUBLE PRECISION,
    "pain_burden_score" DOUBLE PRECISION,
    "functional_score" DOUBLE PRECISION,
    "stiffness_score" DOUBLE PRECISION,
    "affected_joint_count" INTEGER,
    "clinical_flags" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "recommendation" TEXT,
    "source_rom_assessment_id" INTEGER,
    "source_dexterity_assessment_id" INTEGER,
    "source_pain_session_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "arthritis_evaluations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "arthritis_functional_limitations" (
    "id" SERIAL NOT NULL,
    "evaluation_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "task" "FunctionalTask" NOT NULL,
    "difficulty" "DifficultyLevel" NOT NULL,

    CONSTRAINT "arthritis_functional_limitations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "arthritis_joint_symptoms" (
    "id" SERIAL NOT NULL,
    "evaluation_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "joint_id" TEXT,
    "digit" "HandDigit",
    "location" "DigitLocation",
    "tenderness" BOOLEAN,
    "swelling" BOOLEAN,
    "warmth" BOOLEAN,
    "crepitus" BOOLEAN,

    CONSTRAINT "arthritis_joint_symptoms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "arthritis_joint_health" (
    "id" SERIAL NOT NULL,
    "evaluation_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "digit" "HandDigit",
    "location" "DigitLocation",
    "health_score" DOUBLE PRECISION,
    "rom_score" DOUBLE PRECISION,
    "pain_score" DOUBLE PRECISION,
    "has_symptoms" BOOLEAN,
    "flags" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],

    CONSTRAINT "arthritis_joint_health_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "journal_entries" (
    "id" SERIAL NOT NULL,
    "patient_id" INTEGER NOT NULL,
    "entry_type" "JournalEntryType" NOT NULL,
    "transcript" TEXT NOT NULL,
    "affected_hand" "Hand",
    "pain_rating" DOUBLE PRECISION,
    "function_rating" DOUBLE PRECISION,
    "ai_summary" TEXT,
    "rom_assessment_id" INTEGER,
    "dexterity_assessment_id" INTEGER,
    "pain_scale_assessment_id" INTEGER,
    "orchestrator_session_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "journal_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reports" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(6) NOT NULL,
    "title" TEXT NOT NULL,
    "owner_id" INTEGER,
    "view_count" INTEGER NOT NULL DEFAULT 0,
    "ai_explanation" TEXT,
    "explanation_source" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "report_items" (
    "id" SERIAL NOT NULL,
    "report_id" INTEGER NOT NULL,
    "assessment_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "report_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "billing_customers" (
    "contact_id" INTEGER NOT NULL,
    "stripe_customer_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "billing_customers_pkey" PRIMARY KEY ("contact_id")
);

-- CreateTable
CREATE TABLE "subscriptions" (
    "id" SERIAL NOT NULL,
    "contact_id" INTEGER NOT NULL,
    "stripe_subscription_id" TEXT NOT NULL,
    "stripe_customer_id" TEXT,
    "price_id" TEXT,
    "tier" "SubscriptionTier" NOT NULL,
    "status" "SubscriptionStatus" NOT NULL,
    "current_period_start" TIMESTAMPTZ(3),
    "current_period_end" TIMESTAMPTZ(3),
    "cancel_at_period_end" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "processed_webhook_events" (
    "event_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processed_webhook_events_pkey" PRIMARY KEY ("event_id")
);

-- CreateTable
CREATE TABLE "leads" (
    "id" SERIAL NOT NULL,
    "type" "LeadType" NOT NULL DEFAULT 'STAY_IN_TOUCH',
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "company" TEXT,
    "interest" "LeadInterest",
    "message" TEXT,
    "sent" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "leads_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_events" (
    "id" SERIAL NOT NULL,
    "actor_sub" TEXT NOT NULL,
    "actor_role" TEXT NOT NULL,
    "patient_id" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "route" TEXT NOT NULL,
    "request_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auth_users" (
    "id" TEXT NOT NULL,
    "name" TEXT,
    "email" TEXT,
    "email_verified" TIMESTAMPTZ(3),
    "image" TEXT,

    CONSTRAINT "auth_users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auth_accounts" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_account_id" TEXT NOT NULL,
    "refresh_token" TEXT,
    "access_token" TEXT,
    "expires_at" INTEGER,
    "token_type" TEXT,
    "scope" TEXT,
    "id_token" TEXT,
    "session_state" TEXT,

    CONSTRAINT "auth_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auth_sessions" (
    "id" TEXT NOT NULL,
    "session_token" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "expires" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "auth_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auth_verification_tokens" (
    "identifier" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "expires" TIMESTAMPTZ(3) NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "contacts_sub_key" ON "contacts"("sub");

-- CreateIndex
CREATE INDEX "contacts_kind_name_idx" ON "contacts"("kind", "name");

-- CreateIndex
CREATE INDEX "contacts_email_idx" ON "contacts"("email");

-- CreateIndex
CREATE INDEX "treatments_contact_id_ended_at_idx" ON "treatments"("contact_id", "ended_at");

-- CreateIndex
CREATE UNIQUE INDEX "assessments_code_key" ON "assessments"("code");

-- CreateIndex
CREATE INDEX "assessments_owner_id_date_created_idx" ON "assessments"("owner_id", "date_created" DESC);

-- CreateIndex
CREATE INDEX "assessments_owner_id_assessment_type_date_created_idx" ON "assessments"("owner_id", "assessment_type", "date_created" DESC);

-- CreateIndex
CREATE INDEX "assessments_expires_at_idx" ON "assessments"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "score_points_assessment_id_key" ON "score_points"("assessment_id");

-- CreateIndex
CREATE INDEX "score_points_contact_id_day_idx" ON "score_points"("contact_id", "day" DESC);

-- CreateIndex
CREATE INDEX "score_points_contact_id_hand_day_idx" ON "score_points"("contact_id", "hand", "day" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "rom_assessments_assessment_id_key" ON "rom_assessments"("assessment_id");

-- CreateIndex
CREATE INDEX "rom_hand_results_rom_assessment_id_idx" ON "rom_hand_results"("rom_assessment_id");

-- CreateIndex
CREATE INDEX "rom_joint_results_hand_result_id_position_idx" ON "rom_joint_results"("hand_result_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "dexterity_assessments_assessment_id_key" ON "dexterity_assessments"("assessment_id");

-- CreateIndex
CREATE UNIQUE INDEX "dexterity_finger_results_dexterity_assessment_id_finger_key_key" ON "dexterity_finger_results"("dexterity_assessment_id", "finger_key");

-- CreateIndex
CREATE UNIQUE INDEX "pain_sessions_assessment_id_key" ON "pain_sessions"("assessment_id");

-- CreateIndex
CREATE INDEX "pain_entries_pain_session_id_position_idx" ON "pain_entries"("pain_session_id", "position");

-- CreateIndex
CREATE INDEX "pain_medications_pain_session_id_position_idx" ON "pain_medications"("pain_session_id", "position");

-- CreateIndex
CREATE INDEX "pain_strategies_pain_session_id_position_idx" ON "pain_strategies"("pain_session_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "arthritis_evaluations_assessment_id_key" ON "arthritis_evaluations"("assessment_id");

-- CreateIndex
CREATE INDEX "arthritis_functional_limitations_evaluation_id_position_idx" ON "arthritis_functional_limitations"("evaluation_id", "position");

-- CreateIndex
CREATE INDEX "arthritis_joint_symptoms_evaluation_id_position_idx" ON "arthritis_joint_symptoms"("evaluation_id", "position");

-- CreateIndex
CREATE INDEX "arthritis_joint_health_evaluation_id_position_idx" ON "arthritis_joint_health"("evaluation_id", "position");

-- CreateIndex
CREATE INDEX "journal_entries_patient_id_created_at_idx" ON "journal_entries"("patient_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "journal_entries_patient_id_entry_type_created_at_idx" ON "journal_entries"("patient_id", "entry_type", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "reports_code_key" ON "reports"("code");

-- CreateIndex
CREATE INDEX "reports_owner_id_created_at_idx" ON "reports"("owner_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "report_items_assessment_id_idx" ON "report_items"("assessment_id");

-- CreateIndex
CREATE UNIQUE INDEX "report_items_report_id_position_key" ON "report_items"("report_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "billing_customers_stripe_customer_id_key" ON "billing_customers"("stripe_customer_id");

-- CreateIndex
CREATE UNIQUE INDEX "subscriptions_contact_id_key" ON "subscriptions"("contact_id");

-- CreateIndex
CREATE UNIQUE INDEX "subscriptions_stripe_subscription_id_key" ON "subscriptions"("stripe_subscription_id");

-- CreateIndex
CREATE INDEX "leads_created_at_idx" ON "leads"("created_at");

-- CreateIndex
CREATE INDEX "audit_events_patient_id_created_at_idx" ON "audit_events"("patient_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "audit_events_actor_sub_created_at_idx" ON "audit_events"("actor_sub", "created_at" DESC);

-- CreateIndex
CREATE INDEX "audit_events_created_at_idx" ON "audit_events"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "auth_users_email_key" ON "auth_users"("email");

-- CreateIndex
CREATE INDEX "auth_accounts_user_id_idx" ON "auth_accounts"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "auth_accounts_provider_provider_account_id_key" ON "auth_accounts"("provider", "provider_account_id");

-- CreateIndex
CREATE UNIQUE INDEX "auth_sessions_session_token_key" ON "auth_sessions"("session_token");

-- CreateIndex
CREATE INDEX "auth_sessions_user_id_idx" ON "auth_sessions"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "auth_verification_tokens_token_key" ON "auth_verification_tokens"("token");

-- CreateIndex
CREATE UNIQUE INDEX "auth_verification_tokens_identifier_token_key" ON "auth_verification_tokens"("identifier", "token");

-- AddForeignKey
ALTER TABLE "patient_profiles" ADD CONSTRAINT "patient_profiles_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "score_points" ADD CONSTRAINT "score_points_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "score_points" ADD CONSTRAINT "score_points_assessment_id_fkey" FOREIGN KEY ("assessment_id") REFERENCES "assessments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rom_assessments" ADD CONSTRAINT "rom_assessments_assessment_id_fkey" FOREIGN KEY ("assessment_id") REFERENCES "assessments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rom_hand_results" ADD CONSTRAINT "rom_hand_results_rom_assessment_id_fkey" FOREIGN KEY ("rom_assessment_id") REFERENCES "rom_assessments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rom_joint_results" ADD CONSTRAINT "rom_joint_results_hand_result_id_fkey" FOREIGN KEY ("hand_result_id") REFERENCES "rom_hand_results"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dexterity_assessments" ADD CONSTRAINT "dexterity_assessments_assessment_id_fkey" FOREIGN KEY ("assessment_id") REFERENCES "assessments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dexterity_finger_results" ADD CONSTRAINT "dexterity_finger_results_dexterity_assessment_id_fkey" FOREIGN KEY ("dexterity_assessment_id") REFERENCES "dexterity_assessments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pain_sessions" ADD CONSTRAINT "pain_sessions_assessment_id_fkey" FOREIGN KEY ("assessment_id") REFERENCES "assessments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pain_entries" ADD CONSTRAINT "pain_entries_pain_session_id_fkey" FOREIGN KEY ("pain_session_id") REFERENCES "pain_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pain_medications" ADD CONSTRAINT "pain_medications_pain_session_id_fkey" FOREIGN KEY ("pain_session_id") REFERENCES "pain_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pain_strategies" ADD CONSTRAINT "pain_strategies_pain_session_id_fkey" FOREIGN KEY ("pain_session_id") REFERENCES "pain_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "arthritis_evaluations" ADD CONSTRAINT "arthritis_evaluations_assessment_id_fkey" FOREIGN KEY ("assessment_id") REFERENCES "assessments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "arthritis_functional_limitations" ADD CONSTRAINT "arthritis_functional_limitations_evaluation_id_fkey" FOREIGN KEY ("evaluation_id") REFERENCES "arthritis_evaluations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "arthritis_joint_symptoms" ADD CONSTRAINT "arthritis_joint_symptoms_evaluation_id_fkey" FOREIGN KEY ("evaluation_id") REFERENCES "arthritis_evaluations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "arthritis_joint_health" ADD CONSTRAINT "arthritis_joint_health_evaluation_id_fkey" FOREIGN KEY ("evaluation_id") REFERENCES "arthritis_evaluations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_patient_id_fkey" FOREIGN KEY ("patient_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reports" ADD CONSTRAINT "reports_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "contacts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "report_items" ADD CONSTRAINT "report_items_report_id_fkey" FOREIGN KEY ("report_id") REFERENCES "reports"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "report_items" ADD CONSTRAINT "report_items_assessment_id_fkey" FOREIGN KEY ("assessment_id") REFERENCES "assessments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "auth_accounts" ADD CONSTRAINT "auth_accounts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "auth_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "auth_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
