import { defineModuleManifest } from '../../platform/module-manifest/manifest';
import { CreateRuleHandler } from './commands/create-rule/create-rule.handler';
import { DeleteRuleHandler } from './commands/delete-rule/delete-rule.handler';
import { UpdateRuleHandler } from './commands/update-rule/update-rule.handler';
import { EmailRuleMatchProjection } from './projections/email-rule-match/email-rule-match.projection';
import { RuleProjection } from './projections/rule/rule.projection';
import { GetEmailRulesHandler } from './queries/get-email-rules/get-email-rules.handler';
import { GetRuleHandler } from './queries/get-rule/get-rule.handler';
import { ListRulesHandler } from './queries/list-rules/list-rules.handler';
import { RulesEngineReaction } from './reactions/rules-engine.reaction';

/** The team's rules and the rules engine: what the module brings to the application (docs/ARCHITECTURE.md, "Module manifests"). */
export const RULES_MANIFEST = defineModuleManifest({
  name: 'rules',
  events: ['RuleCreated', 'RuleChanged', 'RuleEnabled', 'RuleDisabled', 'RuleDeleted', 'EmailRulesEvaluated'],
  projections: [RuleProjection, EmailRuleMatchProjection],
  reactions: [RulesEngineReaction],
  commandHandlers: [CreateRuleHandler, UpdateRuleHandler, DeleteRuleHandler],
  queryHandlers: [ListRulesHandler, GetRuleHandler, GetEmailRulesHandler],
  pushes: [],
});
