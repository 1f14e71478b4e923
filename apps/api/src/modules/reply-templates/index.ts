/** What other modules may use of the reply-templates context. */
export { ReplyTemplatesModule } from './reply-templates.module';
export { REPLY_TEMPLATES_MANIFEST } from './reply-templates.manifest';
