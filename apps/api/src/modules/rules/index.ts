/** What other modules may use of the rules context. */
export { RulesModule } from './rules.module';
export { RULES_ENGINE_REACTION } from './reactions/rules-engine.reaction';
export { RULES_MANIFEST } from './rules.manifest';
