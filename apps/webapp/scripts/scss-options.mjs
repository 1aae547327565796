// Sass options of the device build (vite.config.ts), shared with the tests that compile the real styles.
export const scssOptions = {
  // Warnings from inside Bootstrap 5.3's own files (global built-ins, legacy colour functions): not ours to fix,
  // and Bootstrap 6 moves to modules. Warnings from our files still show.
  quietDeps: true,
  // Our app.scss loads Bootstrap with @import: Bootstrap 5.3 can be configured only that way (its partials read
  // one another's variables as globals; `@use` of them fails). Every other deprecation is fixed in our files
  // (`if()`, `mix()`, `unquote()`), so a new one shows in the build; scripts/made-for.mjs names this list for a
  // Sass upgrade.
  silenceDeprecations: ["import"],
};
