export const safelist: RegExp[];
