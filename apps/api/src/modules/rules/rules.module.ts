import { Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { InboxEmailReadModel } from '../conversations';
import { IdentityModule } from '../identity';
import { CreateRuleHandler } from './commands/create-rule/create-rule.handler';
import { DeleteRuleHandler } from './commands/delete-rule/delete-rule.handler';
import { RulePatternTiming } from './commands/pattern-timing';
import { RuleTeamReferences } from './commands/team-references';
import { UpdateRuleHandler } from './commands/update-rule/update-rule.handler';
import { EmailRulesController } from './http/email-rules.controller';
import { RulesController } from './http/rules.controller';
import { EmailRuleMatchProjection } from './projections/email-rule-match/email-rule-match.projection';
import { RuleMatchingPool } from './infrastructure/rule-matching.pool';
import { RuleProjection } from './projections/rule/rule.projection';
import { GetEmailRulesHandler } from './queries/get-email-rules/get-email-rules.handler';
import { GetRuleHandler } from './queries/get-rule/get-rule.handler';
import { ListRulesHandler } from './queries/list-rules/list-rules.handler';
import { RulesEngineFacts } from './reactions/rules-engine.facts';
import { RulesEngineReaction } from './reactions/rules-engine.reaction';

/** Automatic rules: the team's rules stream, its read models, the rules engine and their HTTP calls. */
@Module({
  imports: [TypeOrmModule.forFeature([InboxEmailReadModel]), IdentityModule],
  controllers: [RulesController, EmailRulesController],
  providers: [
    RuleTeamReferences,
    RuleMatchingPool,
    RulePatternTiming,
    CreateRuleHandler,
    UpdateRuleHandler,
    DeleteRuleHandler,
    ListRulesHandler,
    GetRuleHandler,
    GetEmailRulesHandler,
    RuleProjection,
    EmailRuleMatchProjection,
    RulesEngineFacts,
    RulesEngineReaction,
  ],
})
export class RulesModule implements OnModuleInit {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly rules: RuleProjection,
    private readonly matches: EmailRuleMatchProjection,
    private readonly engine: RulesEngineReaction,
  ) {}

  onModuleInit(): void {
    this.runner.registerProjection(this.rules);
    this.runner.registerProjection(this.matches);
    this.runner.registerReaction(this.engine);
  }
}
