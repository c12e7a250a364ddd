export interface Citation {
  row: string;
  file: string;
  names: string[];
  postgresOnly: boolean;
}
export interface TestResult {
  file: string | null;
  name: string;
  status: string;
}
export function ledgerSection(markdown: string): string;
export function citations(markdown: string): Citation[];
export function declaredTitles(source: string): string[];
export function staticProblems(markdown: string, readSource: (file: string) => string | null): string[];
export function runProblems(markdown: string, runs: { label: string; results: TestResult[] }[]): string[];
