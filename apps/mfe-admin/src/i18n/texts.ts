import { registerTexts } from '@teaminbox/ui';
import { adminEn } from './en';

/** The i18next namespace of this app's texts. */
export const ADMIN_NS = 'admin';

// English is registered when this module is loaded; Czech is loaded with the language (see registerTexts).
registerTexts(ADMIN_NS, { en: adminEn, cs: () => import('./cs').then((m) => m.adminCs) });
