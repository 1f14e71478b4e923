import type { EmailRuleApplied } from '@teaminbox/contracts';
import { ERASED, type PersonalFieldsDeclaration } from '../../../platform/personal-data';

/**
 * The personal data of a rule's explanation: the member an assignment action assigned (or would have assigned), as
 * the event names them (`target.name` and `target.email`), belongs to that member, within the team. A target
 * recorded before its address was (no `email`), a label's name and an already erased member name no subject. The
 * rule's own values (its conditions' texts, an action's value) are the team's configuration and stay in clear.
 */
export const EMAIL_RULE_APPLIED_PERSONAL_FIELDS: PersonalFieldsDeclaration<EmailRuleApplied> = (applied) =>
  (applied.actions ?? []).flatMap((action, index) => {
    const address = action.target?.email;
    return address && address !== ERASED
      ? [{ teamId: applied.teamId, address, paths: [`actions.${index}.target.name`, `actions.${index}.target.email`] }]
      : [];
  });
