// Classes the source builds at run time (`alert-${type}`): the purge cannot see them, so they are listed here. Only
// the variants those places can produce (issue 15 §4: each unused button variant costs ~450 B of CSS); a class
// written out in the source is kept anyway.
// `text-bg-*`: Badge's variants, the live states' colours (features/live/state.ts) and the toasts' variants. The
// `bg-*`, `text-*` and `border-*` colour utilities are only ever written out, so the purge keeps the ones named.
export const safelist = [
  /^text-bg-(primary|secondary|success|danger|warning|info|dark)$/,
  /^alert-(success|warning|danger|info)$/, // ResultAlert (device result types), Toasts
  /^btn-(primary|danger|warning)$/, // ConfirmModal's `variant`
  /^modal-lg$/, // Modal.tsx `size` (the only size the screens use)
];
