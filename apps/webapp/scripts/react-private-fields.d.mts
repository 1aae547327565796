export const reactPrivateFields: string[];
export const reactPrivateFieldsPattern: RegExp;
export function reactPropertyNames(): Set<string>;
export function reactExports(): Set<string>;
export function appWords(): Set<string>;
export function platformWords(): Set<string>;
export function ruleChecker(): (name: string) => string | undefined;
