import 'primeicons/primeicons.css';
import 'primeflex/primeflex.min.css';
import './styles.css';

export * from './i18n/i18n';
export * from './i18n/en';
export * from './theme/theme';
export * from './theme/prime-config';
export * from './format/format';
export * from './components/ThemeSwitch';
export * from './components/LanguageSwitch';
export * from './components/NoticeHost';
export * from './components/LocaleSync';
export * from './components/Shortcuts';
export * from './components/PageHeading';
export * from './components/LabelTag';
export * from './standalone/mountStandalone';
export * from './routing';
export * from './format/relative-time';
