import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EmailReceived } from '@teaminbox/contracts';
import { v5 as uuidv5 } from 'uuid';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { RequestContext } from '../../../../platform/request-context';
import { ruleEventIds } from '../../domain/apply-rule';
import { type EmailCommand, emailDecider, emailStreamId } from '../../domain/email.decider';
import { ApplyRulesCommand, type RulesRefused } from './apply-rules.command';

/** Namespace of the ids of the events rules cause (uuid v5 of email, rule and action index). */
const RULE_EVENT_NAMESPACE = '6f0c1f55-3c3a-4c4e-9a53-5a9f0c7b2d11';

/**
 * Each rule acts (its id and name in its events' metadata) in the correlation of the email that arrived. The emails
 * of the batch are read and appended together; each email's rules are decided in order on its own stream. A stream
 * that holds only the email's arrival is not read: the arrival is the event the rules engine hands over.
 */
@CommandHandler(ApplyRulesCommand)
export class ApplyRulesHandler implements ICommandHandler<ApplyRulesCommand, RulesRefused[]> {
  constructor(private readonly repository: EventSourcedRepository) {}

  async execute({ teamId, emails }: ApplyRulesCommand): Promise<RulesRefused[]> {
    const outcomes = await this.repository.decideEach(
      emailDecider,
      emails.map(({ emailId, cause, rules }) => ({
        streamId: emailStreamId(emailId),
        // A new email's stream is the EmailReceived the engine reacts to, unless something happened to it since (the
        // append's expected version tells): decided on that event, without reading the stream and its body again.
        knownHistory: cause.streamId === emailStreamId(emailId) ? [cause] : undefined,
        commands: rules.map((rule) => ({
          command: {
            type: 'ApplyRule',
            teamId,
            rule,
            firstSync: (cause.data as EmailReceived).firstSync === true,
          } satisfies EmailCommand,
          scope: { ...RequestContext.ofEvent(cause), actor: { kind: 'rule', id: rule.ruleId, name: rule.ruleName } },
          eventIds: ruleEventIds((key) => uuidv5(`${emailId}\n${rule.ruleId}\n${key}`, RULE_EVENT_NAMESPACE)),
        })),
      })),
      // A member working on an email at the same moment: that email is decided again on its new state.
      { teamId, retries: 5 },
    );
    return outcomes.flatMap((outcome, index) =>
      'error' in outcome ? [{ emailId: emails[index].emailId, message: outcome.error.message }] : [],
    );
  }
}
