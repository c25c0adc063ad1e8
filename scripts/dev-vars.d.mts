/** Types of dev-vars.mjs (a plain Node script, so `npm start` needs no TypeScript loader). */
export declare const DEV_SECRETS: Record<"BOOTSTRAP_API_KEY" | "SECRETS_KEY", () => string>;
export declare function readDevVar(text: string, name: string): string | undefined;
export declare function setDevVar(text: string, name: string, value: string): string;
export declare function prepareDevVars(
  path: string,
  env?: Record<string, string | undefined>,
): { values: Record<keyof typeof DEV_SECRETS, string>; sources: Record<keyof typeof DEV_SECRETS, string> };
export declare function wranglerDevArgs(port: string | number): string[];
