import './styles.css';

export * from './i18n/i18n';
export * from './i18n/en';
export * from './i18n/cs';
export * from './theme/theme';
export * from './format/format';
export * from './components/ThemeSwitch';
export * from './components/LanguageSwitch';
export * from './components/NoticeHost';
export * from './components/PageHeading';
export * from './components/LabelTag';
export * from './standalone/StandaloneApp';
