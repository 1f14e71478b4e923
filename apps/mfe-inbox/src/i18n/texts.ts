import { registerTexts } from '@teaminbox/ui';
import { inboxEn } from './en';

/** The i18next namespace of this app's texts. */
export const INBOX_NS = 'inbox';

// English is registered when this module is loaded; Czech is loaded with the language (see registerTexts).
registerTexts(INBOX_NS, { en: inboxEn, cs: () => import('./cs').then((m) => m.inboxCs) });
