import { registerTexts } from '@teaminbox/ui';
import { shellEn } from './en';

/** The i18next namespace of this app's texts. */
export const SHELL_NS = 'shell';

// English is registered when this module is loaded; Czech is loaded with the language (see registerTexts).
registerTexts(SHELL_NS, { en: shellEn, cs: () => import('./cs').then((m) => m.shellCs) });
