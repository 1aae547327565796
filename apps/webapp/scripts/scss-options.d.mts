export const scssOptions: { quietDeps: boolean; silenceDeprecations: "import"[] };
