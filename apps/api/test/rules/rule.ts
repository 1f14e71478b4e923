import type { Rule } from '@teaminbox/contracts';

/** An enabled rule with no conditions and no actions, named after its id, changed by `overrides`. */
export const aRule = (id: string, overrides: Partial<Rule> = {}): Rule => ({
  id,
  name: `Rule ${id}`,
  enabled: true,
  priority: 1,
  matchMode: 'ALL',
  conditions: [],
  actions: [],
  suppressNotifications: false,
  ...overrides,
});

/** The body of POST /api/rules for a rule that suppresses the notifications of mail whose subject says "[quiet]". */
export const QUIET_MAIL_RULE = {
  name: 'Newsletters',
  enabled: true,
  priority: null,
  matchMode: 'ALL',
  conditions: [{ field: 'SUBJECT', operator: 'CONTAINS', value: '[quiet]' }],
  actions: [],
  suppressNotifications: true,
};
