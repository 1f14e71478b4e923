import type { Email, NotificationSettings, Page } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { person, teamWith } from '../../../../test/app/identity-fixtures';
import { suiteWithApp } from '../../../../test/app/suite';

type ErrorBody = { success: false; message: string };

const defaultType = {
  enabled: true,
  emailEnabled: true,
  browserPushEnabled: true,
  slackEnabled: false,
  customMessage: null,
};

describe('notification settings over HTTP', () => {
  const { t, sink } = suiteWithApp();

  const get = (token: string) => t.request<NotificationSettings>('/api/notification-settings', { token });
  const put = (token: string, body: unknown) =>
    t.request<NotificationSettings & ErrorBody>('/api/notification-settings', { method: 'PUT', token, body });

  it('answers the defaults until the first save', async () => {
    const { admin, teamId } = await teamWith(t, sink, []);
    const res = await get(admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: null,
      userId: admin.id,
      teamId,
      useThreads: true,
      shareCommentsAcrossThread: true,
      emailNotificationsEnabled: true,
      browserPushEnabled: true,
      slackNotificationsEnabled: false,
      slackWebhookUrl: '',
      htmlSignature: '',
      mutedEmailIds: [],
      slackDisabledReason: null,
      notificationTypes: { EMAIL_RECEIVED: defaultType, TASK_ASSIGNED: defaultType, COMMENT_ADDED: defaultType },
    });
  });

  it('saves the whole object, answers it and reads it back; each user has their own', async () => {
    const { admin, members, teamId } = await teamWith(t, sink, ['MEMBER']);
    const before = (await get(admin.token)).body;
    const signature = '<p>Jana Nováková<br><img src="https://example.com/logo.png"></p>';
    const wanted = {
      ...before,
      id: 'ignored',
      userId: members[0].id,
      teamId: '00000000-0000-7000-8000-000000000000',
      mutedEmailIds: ['00000000-0000-7000-8000-000000000000'],
      useThreads: false,
      slackNotificationsEnabled: true,
      slackWebhookUrl: 'https://hooks.slack.com/services/T000/B000/XXXX',
      htmlSignature: signature,
      notificationTypes: {
        ...before.notificationTypes,
        TASK_ASSIGNED: { ...defaultType, slackEnabled: true, customMessage: 'Yours now: {taskName}' },
        COMMENT_ADDED: { ...defaultType, enabled: false },
      },
    };
    const saved = await put(admin.token, wanted);
    expect(saved.status).toBe(200);
    const expected = { ...wanted, id: expect.any(String), userId: admin.id, teamId, mutedEmailIds: [] };
    expect(saved.body).toEqual(expected);
    expect((await get(admin.token)).body).toEqual(saved.body);

    const again = await put(admin.token, { ...saved.body, browserPushEnabled: false });
    expect(again.body).toEqual({ ...saved.body, browserPushEnabled: false });
    expect(again.body.id).toBe(saved.body.id);

    expect((await get(members[0].token)).body).toMatchObject({ id: null, userId: members[0].id, htmlSignature: '' });

    const events: { type: string; actor: string; team: string }[] = await t.app.get(DataSource).query(
      `SELECT type, metadata->>'actorUserId' AS actor, metadata->>'teamId' AS team FROM events
          WHERE stream_id = $1 ORDER BY stream_version`,
      [`notification-settings-${admin.id}`],
    );
    expect(events).toEqual([
      { type: 'NotificationSettingsSaved', actor: admin.id, team: teamId },
      { type: 'NotificationSettingsSaved', actor: admin.id, team: teamId },
    ]);
    await put(admin.token, again.body);
    const [{ n }]: { n: string }[] = await t.app
      .get(DataSource)
      .query(`SELECT count(*)::text AS n FROM events WHERE stream_id = $1`, [`notification-settings-${admin.id}`]);
    expect(n).toBe('2');
  });

  it('fills what a save leaves out with the defaults', async () => {
    const { admin } = await teamWith(t, sink, []);
    const saved = await put(admin.token, {
      htmlSignature: '<p>Only this</p>',
      notificationTypes: { EMAIL_RECEIVED: { emailEnabled: false, customMessage: '   ' }, OTHER: { enabled: false } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      useThreads: true,
      slackNotificationsEnabled: false,
      slackWebhookUrl: '',
      htmlSignature: '<p>Only this</p>',
      notificationTypes: {
        EMAIL_RECEIVED: { ...defaultType, emailEnabled: false },
        TASK_ASSIGNED: defaultType,
        COMMENT_ADDED: defaultType,
      },
    });
    expect(Object.keys(saved.body.notificationTypes).sort()).toEqual([
      'COMMENT_ADDED',
      'EMAIL_RECEIVED',
      'TASK_ASSIGNED',
    ]);
  });

  it('refuses invalid settings with 400 and a clear message, and keeps the saved ones', async () => {
    const { admin } = await teamWith(t, sink, []);
    const saved = (await put(admin.token, { htmlSignature: 'kept' })).body;
    const cases: [unknown, string][] = [
      [{ slackWebhookUrl: 'http://hooks.slack.com/services/x' }, 'The Slack webhook URL must be an https:// URL'],
      [{ slackWebhookUrl: 'hooks.slack.com/services/x' }, 'The Slack webhook URL must be an https:// URL'],
      [{ slackWebhookUrl: 'javascript:alert(1)' }, 'The Slack webhook URL must be an https:// URL'],
      [{ slackWebhookUrl: 'https://user:secret@hooks.slack.com/x' }, 'The Slack webhook URL must be an https:// URL'],
      [{ slackWebhookUrl: 42 }, 'The Slack webhook URL must be an https:// URL'],
      [{ htmlSignature: 'x'.repeat(20_001) }, 'The HTML signature is limited to 20 kB'],
      [{ useThreads: 'yes' }, 'useThreads must be true or false'],
      [
        { notificationTypes: { TASK_ASSIGNED: { slackEnabled: 'on' } } },
        'notificationTypes.TASK_ASSIGNED.slackEnabled must be true or false',
      ],
      [
        { notificationTypes: { COMMENT_ADDED: { customMessage: 'm'.repeat(501) } } },
        'A custom message is limited to 500 characters',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await put(admin.token, body);
      expect([JSON.stringify(body).slice(0, 80), res.status, res.body.message]).toEqual([
        JSON.stringify(body).slice(0, 80),
        400,
        message,
      ]);
    }
    expect((await get(admin.token)).body).toEqual(saved);
    const empty = await put(admin.token, { ...saved, slackWebhookUrl: '', htmlSignature: 'y'.repeat(20_000) });
    expect(empty.status).toBe(200);
  });

  it('lists the emails the user muted through the email commands, and only theirs', async () => {
    const { admin, members } = await teamWith(t, sink, ['MEMBER']);
    await t.request('/api/emails/sample', { method: 'POST', token: admin.token });
    const emails = (await t.request<Page<Email>>('/api/emails', { token: admin.token })).body.content;
    const [first, second] = emails;
    for (const email of [second, first]) {
      const muted = await t.request(`/api/emails/${email.id}/notifications/mute`, {
        method: 'PUT',
        token: admin.token,
      });
      expect(muted.status).toBe(200);
    }
    expect((await get(admin.token)).body.mutedEmailIds.sort()).toEqual([first.id, second.id].sort());
    expect((await get(members[0].token)).body.mutedEmailIds).toEqual([]);

    await t.request(`/api/emails/${first.id}/notifications/unmute`, { method: 'PUT', token: admin.token });
    const settings = (await get(admin.token)).body;
    expect(settings.mutedEmailIds).toEqual([second.id]);
    const saved = await put(admin.token, { ...settings, mutedEmailIds: [] });
    expect(saved.body.mutedEmailIds).toEqual([second.id]);
  });

  it('works for a user without a team (teamId null) and requires a signed-in caller', async () => {
    const loner = await person(t, 'loner');
    expect((await get(loner.token)).body).toMatchObject({
      id: null,
      userId: loner.id,
      teamId: null,
      mutedEmailIds: [],
    });
    const saved = await put(loner.token, { htmlSignature: '<p>Solo</p>' });
    expect(saved.body).toMatchObject({ teamId: null, htmlSignature: '<p>Solo</p>' });
    expect((await t.request('/api/notification-settings')).status).toBe(401);
    expect((await t.request('/api/notification-settings', { method: 'PUT', body: {} })).status).toBe(401);
  });
});
