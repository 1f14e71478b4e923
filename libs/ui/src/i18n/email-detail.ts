/**
 * Texts of the email detail screen (key `emailDetail`). The spec's texts verbatim; those it gives in Czech
 * stay Czech in both languages.
 */
export const emailDetailEn = {
  back: 'Back to inbox',
};

export const emailDetailCs: typeof emailDetailEn = {
  back: 'Zpět do schránky',
};
