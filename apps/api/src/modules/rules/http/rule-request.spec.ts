import { ZRuleRequest } from '@teaminbox/contracts';

/** The first issue's message is what a 400 answers (ZodValidationPipe). */
const messageOf = (body: unknown) => {
  const result = ZRuleRequest.safeParse(body);
  return result.success ? null : result.error.issues[0].message;
};

describe('rule request (POST /rules, PUT /rules/{id})', () => {
  it('takes the new-rule defaults for what is missing', () => {
    expect(ZRuleRequest.parse({ name: ' VIP ' })).toEqual({
      name: 'VIP',
      enabled: true,
      priority: null,
      matchMode: 'ALL',
      conditions: [],
      actions: [],
      suppressNotifications: false,
    });
  });

  it('keeps "also reassign conversations already assigned" on assignment actions only, off by default', () => {
    const parsed = ZRuleRequest.parse({
      name: 'x',
      actions: [
        { type: 'ASSIGN_TO_USER', value: 'u1', reassignConversation: true },
        { type: 'ASSIGN_LAST_RESPONDER', reassignConversation: true },
        { type: 'ASSIGN_TO_USER', value: 'u2' },
        { type: 'ADD_LABEL', value: 'l1', reassignConversation: true },
      ],
    });
    expect(parsed.actions.map((action) => action.reassignConversation)).toEqual([true, true, undefined, undefined]);
    expect(
      messageOf({ name: 'x', actions: [{ type: 'ASSIGN_TO_USER', value: 'u1', reassignConversation: 'yes' }] }),
    ).toBe('reassignConversation must be true or false');
  });

  it('keeps a header name for HEADER conditions only, and no value for actions that take none', () => {
    const parsed = ZRuleRequest.parse({
      name: 'x',
      conditions: [
        { field: 'HEADER', operator: 'EQUALS', value: 'bulk', headerName: 'Precedence' },
        { field: 'SUBJECT', operator: 'CONTAINS', value: 'a', headerName: 'ignored' },
      ],
      actions: [
        { type: 'MARK_AS_SPAM', value: 'ignored' },
        { type: 'SET_PRIORITY', value: 'HIGH', skipIfOnVacation: true },
      ],
    });
    expect(parsed.conditions).toEqual([
      { field: 'HEADER', operator: 'EQUALS', value: 'bulk', headerName: 'Precedence' },
      { field: 'SUBJECT', operator: 'CONTAINS', value: 'a' },
    ]);
    expect(parsed.actions).toEqual([
      { type: 'MARK_AS_SPAM', value: null, skipIfOnVacation: false },
      { type: 'SET_PRIORITY', value: 'HIGH', skipIfOnVacation: true },
    ]);
  });

  it.each([
    [{}, 'Please enter a rule name'],
    [{ name: '   ' }, 'Please enter a rule name'],
    [{ name: 'x', conditions: [{ field: 'TO', operator: 'CONTAINS', value: 'a' }] }, "Unknown condition field 'TO'"],
    [
      { name: 'x', conditions: [{ field: 'SUBJECT', operator: 'LIKE', value: 'a' }] },
      "Unknown condition operator 'LIKE'",
    ],
    [{ name: 'x', actions: [{ type: 'FORWARD', value: 'a' }] }, "Unknown action type 'FORWARD'"],
    [{ name: 'x', matchMode: 'SOME' }, "Unknown match mode 'SOME'"],
    [
      { name: 'x', conditions: [{ field: 'HEADER', operator: 'EQUALS', value: 'a' }] },
      'A HEADER condition needs a header name',
    ],
    [
      { name: 'x', conditions: [{ field: 'BODY', operator: 'REGEX', value: 'a'.repeat(501) }] },
      'A regular expression is limited to 500 characters',
    ],
    [
      { name: 'x', actions: [{ type: 'SET_PRIORITY', value: 'URGENT' }] },
      "Unknown priority 'URGENT' (expected HIGH, MEDIUM, LOW)",
    ],
    [
      { name: 'x', actions: [{ type: 'SET_STATUS', value: 'DONE' }] },
      "Unknown status 'DONE' (expected NEW, IN_PROGRESS, RESOLVED, CLOSED)",
    ],
    [{ name: 'x', actions: [{ type: 'ADD_LABEL', value: '' }] }, 'Choose a label to add'],
    [{ name: 'x', actions: [{ type: 'ASSIGN_TO_USER' }] }, 'Choose a member to assign'],
    [{ name: 'x', priority: 1.5 }, 'The priority must be a whole number'],
    [{ name: 'x', priority: '3' }, 'The priority must be a whole number'],
    [
      {
        name: 'x',
        conditions: Array.from({ length: 21 }, () => ({ field: 'BODY', operator: 'CONTAINS', value: 'a' })),
      },
      'A rule can have at most 20 conditions',
    ],
    [
      { name: 'x', actions: Array.from({ length: 11 }, () => ({ type: 'MARK_AS_SPAM' })) },
      'A rule can have at most 10 actions',
    ],
  ])('answers 400 for a body %#', (body, message) => {
    expect(messageOf(body)).toBe(message);
  });
});
