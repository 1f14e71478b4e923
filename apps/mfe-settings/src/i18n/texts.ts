import { registerTexts } from '@teaminbox/ui';
import { settingsEn } from './en';

/** The i18next namespace of this app's texts. */
export const SETTINGS_NS = 'settings';

// English is registered when this module is loaded; Czech is loaded with the language (see registerTexts).
registerTexts(SETTINGS_NS, { en: settingsEn, cs: () => import('./cs').then((m) => m.settingsCs) });
