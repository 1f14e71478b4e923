import {
  AUDIT_EVENT_TYPES,
  TEAM_AUDIT_MAX_PAGE_SIZE,
  ZTeamAuditExportQuery,
  ZTeamAuditQuery,
} from '@teaminbox/contracts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('the audit trail query', () => {
  it('takes the filters and pages with defaults', () => {
    expect(ZTeamAuditQuery.parse({})).toEqual({ page: 0, size: 50 });
    const query = ZTeamAuditQuery.parse({
      from: '2026-01-01T00:00:00Z',
      to: '2026-01-31T23:59:59.999+01:00',
      actorId: '6f1c1d9e-8a2b-4c3d-9e4f-5a6b7c8d9e0f',
      type: 'EmailAssigned',
      emailId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      page: '2',
      size: '100',
    });
    expect(query).toMatchObject({ page: 2, size: 100, type: 'EmailAssigned' });
  });

  it('refuses bad dates, from after to, unknown types, bad ids and sizes with a clear message', () => {
    expect(firstMessage(ZTeamAuditQuery.safeParse({ from: 'yesterday' }))).toBe(
      'from must be an ISO-8601 date and time, e.g. 2026-01-31T14:00:00Z',
    );
    expect(firstMessage(ZTeamAuditQuery.safeParse({ to: '2026-13-01T00:00:00Z' }))).toMatch(/^to must be an ISO-8601/);
    expect(firstMessage(ZTeamAuditQuery.safeParse({ from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }))).toBe(
      'from must not be after to',
    );
    expect(firstMessage(ZTeamAuditQuery.safeParse({ type: 'UserPasswordChanged' }))).toBe(
      'type must be an event type of the audit trail',
    );
    expect(firstMessage(ZTeamAuditQuery.safeParse({ actorId: 'bob' }))).toBe('actorId must be a UUID');
    expect(firstMessage(ZTeamAuditQuery.safeParse({ emailId: '1' }))).toBe('emailId must be a UUID');
    expect(firstMessage(ZTeamAuditQuery.safeParse({ size: String(TEAM_AUDIT_MAX_PAGE_SIZE + 1) }))).toBe(
      `size is limited to ${TEAM_AUDIT_MAX_PAGE_SIZE}`,
    );
    expect(firstMessage(ZTeamAuditQuery.safeParse({ size: '0' }))).toBe('size must be at least 1');
    expect(firstMessage(ZTeamAuditExportQuery.safeParse({ format: 'xlsx' }))).toBe('format must be csv or jsonl');
    expect(ZTeamAuditExportQuery.parse({}).format).toBe('csv');
  });

  it('lists the team events and none of a person’s own account', () => {
    expect(AUDIT_EVENT_TYPES).toEqual(
      expect.arrayContaining([
        'MemberRoleChanged',
        'InvitationSent',
        'MailboxConfigUpdated',
        'RuleCreated',
        'LabelCreated',
        'ReplyTemplateCreated',
        'EmailReceived',
        'ReplyDraftSaved',
        'ReplySent',
      ]),
    );
    expect(AUDIT_EVENT_TYPES).not.toEqual(expect.arrayContaining(['UserPasswordChanged']));
    expect(AUDIT_EVENT_TYPES).not.toContain('LoginLinkIssued');
  });
});
