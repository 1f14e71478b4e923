/** Stylesheets are imported for their side effect (Rspack's css/auto). */
declare module '*.css';
