// npm run lint: TypeScript, React hooks and Next's rules, zero warnings allowed (.ci/run).
// Formatting is Prettier's (npm run format:check), so no stylistic rules here.
import { readFileSync } from "node:fs";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * Every kind's stored name (prisma/schema.prisma's enum AssessmentType, which scripts/kinds.ts
 * keeps equal to the registry) and the read names that differ from them
 * (lib/assessments/kinds/renamed.ts); the registry's unit test checks the list against it.
 * Outside the registry a kind is reached through it, never named: a literal list of kinds is one
 * a new kind silently falls through.
 */
const source = (file) => readFileSync(new URL(file, import.meta.url), "utf8");
export const KIND_NAMES = [
  ...source("prisma/schema.prisma")
    .match(/enum AssessmentType \{([^}]*)\}/)[1]
    .split(/\s+/)
    .filter(Boolean),
  ...[...source("lib/assessments/kinds/renamed.ts").matchAll(/: "([A-Z_]+)"/g)].map((match) => match[1]),
];
const kindName = `/^(${KIND_NAMES.join("|")})$/`;
const kindLiteral = "a kind's name outside lib/assessments/kinds/: read it from the registry (KINDS, kindOf, a kind module's property)";

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      ".next*/**",
      "lib/generated/**",
      "generated/**",
      "public/**",
      "test-results/**",
      "playwright-report/**",
      "reports/**",
      ".stryker-tmp/**",
    ],
  },
  ...tseslint.configs.recommended,
  reactHooks.configs.flat["recommended-latest"] ?? reactHooks.configs["recommended-latest"],
  {
    plugins: { "@next/next": nextPlugin },
    rules: { ...nextPlugin.configs.recommended.rules, ...nextPlugin.configs["core-web-vitals"].rules },
  },
  {
    // Tests and benchmarks read JSON answers whose shape is what they assert; typing each body
    // before asserting it would restate the contracts the tests check.
    files: ["test/**", "bench/**", "e2e/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["**/*.{ts,tsx,mjs,cjs,js}"],
    ignores: ["lib/assessments/kinds/**", "test/**", "e2e/**", "**/*.test.{ts,tsx}", "eslint.config.mjs"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: `Literal[value=${kindName}]`, message: kindLiteral },
        { selector: `TemplateLiteral[expressions.length=0] > TemplateElement[value.raw=${kindName}]`, message: kindLiteral },
      ],
    },
  },
  {
    rules: {
      // An unused argument named with a leading underscore is a deliberate placeholder.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
);
