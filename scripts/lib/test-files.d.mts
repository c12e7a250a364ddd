/** Every test file npm test runs when none are named, as paths joined onto `dir`, sorted. */
export function findTests(dir?: string): string[];
