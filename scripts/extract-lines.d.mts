export const root: string;
export const OUTPUT: string;
export function extractLines(base?: string): string[];
