import { FeatureModule } from '../../platform/module-manifest/manifest';
import { ConversationsModule } from '../conversations';
import { IdentityModule } from '../identity';
import { MailboxModule } from '../mail';
import { PreferencesModule } from '../preferences';
import { RulePatternTiming } from './commands/pattern-timing';
import { RuleTeamReferences } from './commands/team-references';
import { EmailRulesController } from './http/email-rules.controller';
import { RulesController } from './http/rules.controller';
import { RuleMatchingPool } from './infrastructure/rule-matching.pool';
import { RulesEngineFacts } from './reactions/rules-engine.facts';
import { RULES_MANIFEST } from './rules.manifest';

/** Automatic rules: the team's rules stream, its read models, the rules engine and their HTTP calls. */
@FeatureModule(RULES_MANIFEST, {
  imports: [IdentityModule, MailboxModule, PreferencesModule, ConversationsModule],
  controllers: [RulesController, EmailRulesController],
  providers: [RuleTeamReferences, RuleMatchingPool, RulePatternTiming, RulesEngineFacts],
})
export class RulesModule {}
