/** Types of scripts/generate-glue-tables.mjs (used by the tests). */
export function layoutConstants(source?: string): Array<[string, number]>;
export function generatedFiles(): Promise<Record<string, string>>;
