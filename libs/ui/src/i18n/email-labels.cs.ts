import { emailLabelsEn } from './email-labels';

export const emailLabelsCs: typeof emailLabelsEn = {
  ...emailLabelsEn,
  loading: 'Načítání štítků',
  noDefaultLabels: 'Zatím žádné výchozí štítky.',
  noYourLabels: 'Zatím žádné vlastní štítky.',
  deleteLabel: 'Smazat štítek {{name}}',
  colors: {
    primary: 'Primární',
    secondary: 'Sekundární',
    success: 'Úspěch',
    danger: 'Nebezpečí',
    warning: 'Varování',
    info: 'Informace',
    light: 'Světlá',
    dark: 'Tmavá',
  },
};
