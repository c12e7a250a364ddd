// npm run lint: TypeScript, React hooks and Next's rules, zero warnings allowed (.ci/run).
// Formatting is Prettier's (npm run format:check), so no stylistic rules here.
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

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
    rules: {
      // An unused argument named with a leading underscore is a deliberate placeholder.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
);
