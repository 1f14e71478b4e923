import type { replyTemplatesEn } from './reply-templates';

export const replyTemplatesCs: typeof replyTemplatesEn = {
  heading: 'Šablony odpovědí',
  newTemplate: 'Nová šablona',
  name: 'Název',
  subject: 'Předmět',
  body: 'Text (prostý)',
  htmlBody: 'Text HTML',
  actions: 'Akce',
  editTemplate: 'Upravit šablonu {{name}}',
  deleteTemplate: 'Smazat šablonu {{name}}',
  save: 'Uložit',
  cancel: 'Zrušit',
  newHeading: 'Nová šablona',
  editHeading: 'Úprava šablony',
  empty: 'Zatím žádné šablony odpovědí.',
  loading: 'Načítání šablon',
};
