import type { Email, Page as EmailPage } from '@teaminbox/contracts';
import { api, connectDovecotViaApi, expect, sinkSmtp, test, useToken, waitForEmailViaApi } from '../support/fixtures';
import { adminWithTeam, teamWithInbox, useDovecot } from '../support/teams';
import { waitForMail } from '../support/mail-sink';

const BOUNDARY = 'b0undary';

/** A message whose HTML tries every trick a hostile sender has; the plain facts in it must stay readable. */
function hostileMessage(subject: string, beacon: string): string {
  const html = [
    '<p id="readable">Invoice 4711 is attached. Total: 120 EUR.</p>',
    '<script>window.parent.postMessage("pwned","*");alert("script")</script>',
    '<img src="x" onerror="alert(\'onerror\')">',
    '<a id="js-link" href="javascript:alert(\'link\')">Click me</a>',
    '<svg><script>alert("svg")</script><animate onbegin="alert(\'svg-animate\')"/></svg>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert("math")></style></mglyph></table></mtext></math>',
    '<div style="position:fixed;top:0;left:0;width:100vw;height:100vh;background:red;z-index:99999" id="overlay">Overlay</div>',
    `<img id="tracker" src="${beacon}">`,
    '<iframe src="https://example.com/evil"></iframe>',
    '<form action="https://example.com/steal"><input name="password"></form>',
  ].join('\n');
  return [
    'From: Mallory <mallory@example.com>',
    'To: support@example.test',
    `Subject: ${subject}`,
    `Message-ID: <${Date.now()}.${Math.random().toString(36).slice(2)}@example.com>`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${BOUNDARY}"`,
    '',
    `--${BOUNDARY}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Invoice 4711 is attached. Total: 120 EUR.',
    `--${BOUNDARY}`,
    'Content-Type: text/html; charset=utf-8',
    '',
    html,
    `--${BOUNDARY}--`,
    '',
  ].join('\r\n');
}

test.describe('the email detail screen', () => {
  const dovecot = useDovecot();

  /** The team's mailbox: the test Dovecot for IMAP, the browser tests' SMTP sink for sending. */
  async function configureMailbox(baseURL: string, token: string) {
    await connectDovecotViaApi(baseURL, token, dovecot(), { ...sinkSmtp(), fromName: 'Support', isActive: false });
  }

  test('shows hostile HTML harmlessly in a sandboxed frame, and works on the email: assign, label, comment, archive', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { token } = await teamWithInbox(baseURL!, dovecot(), 'detail', 'Detail crew');
    await api(baseURL!, token, 'POST', '/email-labels/initialize');
    const beaconHits: string[] = [];
    const beacon = `${baseURL}/beacon.gif`;
    await page.route('**/beacon.gif', (route) => {
      beaconHits.push(route.request().url());
      return route.fulfill({ status: 404, body: '' });
    });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const messages: unknown[] = [];
    await page.exposeFunction('recordMessage', (data: unknown) => messages.push(data));
    await page.addInitScript(() => {
      window.addEventListener('message', (event) =>
        (window as unknown as { recordMessage(d: unknown): void }).recordMessage(event.data),
      );
    });

    const subject = `Invoice ${Date.now()}`;
    const imap = await dovecot().client();
    await imap.append('INBOX', hostileMessage(subject, beacon));
    await imap.logout();
    const email = await waitForEmailViaApi(baseURL!, token, subject);

    await useToken(page, token);
    await page.goto(`/admin/email-detail/${email.id}`);
    await expect(page.getByTestId('email-detail-subject')).toHaveText(subject);
    const frame = page.frameLocator('[data-testid="email-body-frame"]');
    await expect(frame.getByText('Invoice 4711 is attached. Total: 120 EUR.')).toBeVisible();
    await expect(page.getByTestId('email-body-frame')).toHaveAttribute(
      'sandbox',
      'allow-popups allow-popups-to-escape-sandbox',
    );
    // Nothing of the attack survives in the frame's document, and nothing ran.
    const inner = await frame.locator('body').innerHTML();
    expect(inner).not.toMatch(/<script|onerror|onbegin|javascript:|<iframe|<form|position:\s*fixed/i);
    expect(inner).not.toContain(' src="' + beacon);
    await expect(page.getByTestId('remote-images-bar')).toBeVisible();
    // The app stays usable: the overlay does not cover it.
    await expect(page.getByTestId('archive-toggle')).toBeVisible();
    await page.getByRole('button', { name: 'Assign to me' }).click();
    await expect(page.getByText('Email assigned to you')).toBeVisible();
    await expect(page.getByTestId('assignee')).toContainText('Assigned to');

    await page.getByTestId('label-select').click();
    await page.getByRole('option', { name: 'Important' }).click();
    await page.getByRole('button', { name: 'Add label' }).click();
    await expect(page.getByText('Label "Important" assigned to email')).toBeVisible();
    await expect(page.getByTestId('email-labels')).toContainText('Important');

    await page.getByLabel('Write an internal comment (@ to mention)').fill('Checked the invoice, all fine.');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await expect(page.getByTestId('comment')).toContainText('Checked the invoice, all fine.');

    // Allowing remote images loads the tracker only now, on request.
    await page.getByRole('button', { name: 'Show images' }).click();
    await expect.poll(() => beaconHits.length, { timeout: 10_000 }).toBeGreaterThan(0);

    expect(dialogs).toEqual([]);
    expect(messages).not.toContain('pwned');

    await page.getByTestId('archive-toggle').click();
    await expect(page).toHaveURL(/\/admin\/inbox$/);
    const archived = await api<EmailPage<Email>>(baseURL!, token, 'GET', '/emails?folder=archived');
    expect(archived.content.map((e) => e.id)).toContain(email.id);
  });

  test('saves, edits and deletes reply drafts, and sends a reply through the team mailbox', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { token } = await adminWithTeam(baseURL!, 'replier', 'Reply crew');
    await configureMailbox(baseURL!, token);
    await api(baseURL!, token, 'POST', '/emails/sample');
    const [email] = (await api<EmailPage<Email>>(baseURL!, token, 'GET', '/emails')).content;

    await useToken(page, token);
    await page.goto(`/admin/email-detail/${email.id}`);
    await expect(page.getByTestId('reply-to')).toHaveValue(email.fromEmail);
    await expect(page.getByTestId('reply-subject')).toHaveValue(`Re: ${email.subject}`);
    await page.getByTestId('reply-body').fill('A first draft');
    await page.getByTestId('reply-save-draft').click();
    await expect(page.getByTestId('draft')).toContainText('A first draft');
    await expect(page.getByTestId('reply-body')).toHaveValue('');

    await page.getByTestId('draft').getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByTestId('reply-body')).toHaveValue('A first draft');
    await page.getByTestId('reply-body').fill('Thanks, your parcel is on its way.');
    await page.getByTestId('reply-cc').fill(' boss@example.test , ,');
    await page.getByTestId('reply-send').click();
    await expect(page.getByText('Odpověď odeslána')).toBeVisible();
    await expect(page.getByTestId('draft')).toHaveCount(0);
    await expect(page.getByTestId('reply-body')).toHaveValue('');

    const sent = await waitForMail(email.fromEmail, (m) => m.subject === `Re: ${email.subject}`, 30_000);
    expect(sent.text).toContain('Thanks, your parcel is on its way.');
    expect(sent.inReplyTo).toBeTruthy();
    expect(
      [sent.cc]
        .flat()
        .flatMap((a) => a?.value ?? [])
        .map((a) => a.address),
    ).toEqual(['boss@example.test']);

    await page.getByTestId('reply-body').fill('Another draft');
    await page.getByTestId('reply-save-draft').click();
    await page.getByTestId('draft').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('draft')).toHaveCount(0);
  });

  test('a reply from a template with the signature, as HTML with an attachment; then the thread and the timeline', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { token } = await adminWithTeam(baseURL!, 'timeline', 'Timeline crew');
    await configureMailbox(baseURL!, token);
    await api(baseURL!, token, 'POST', '/reply-templates', {
      name: 'Shipping',
      subject: '',
      body: 'Your parcel ships today.',
      htmlBody: '',
    });
    await api(baseURL!, token, 'POST', '/reply-templates', {
      name: 'Formal',
      subject: '',
      body: '',
      htmlBody: '<p>Dear customer,</p><p><b>thank you</b> for your patience.</p>',
    });
    const settings = await api<Record<string, unknown>>(baseURL!, token, 'GET', '/notification-settings');
    await api(baseURL!, token, 'PUT', '/notification-settings', {
      ...settings,
      htmlSignature: '<p>Jana Nováková<br><i>Support</i></p>',
    });
    await api(baseURL!, token, 'POST', '/emails/sample');
    const [email] = (await api<EmailPage<Email>>(baseURL!, token, 'GET', '/emails')).content;

    await useToken(page, token);
    await page.goto(`/admin/email-detail/${email.id}`);
    // The form opens with the signature as plain text; a plain template sets the plain body, the signature stays
    // after it, and Insert signature does not add it twice.
    await expect(page.getByTestId('reply-body')).toHaveValue('\n\nJana Nováková\nSupport');
    await page.getByTestId('reply-template').click();
    await page.getByRole('option', { name: 'Shipping' }).click();
    await expect(page.getByTestId('reply-body')).toHaveValue('Your parcel ships today.\n\nJana Nováková\nSupport');
    await page.getByTestId('reply-insert-signature').click();
    await expect(page.getByTestId('reply-body')).toHaveValue('Your parcel ships today.\n\nJana Nováková\nSupport');
    // An HTML template switches to the rich editor and clears the plain body; switching back strips the tags.
    await page.getByTestId('reply-template').click();
    await page.getByRole('option', { name: 'Formal' }).click();
    const editor = page.getByTestId('reply-html-body').locator('.ql-editor');
    await expect(editor.locator('strong, b')).toHaveText('thank you');
    await expect(editor).toContainText('Jana Nováková');
    await page.getByTestId('reply-html-switch').click();
    await expect(page.getByTestId('reply-body')).toHaveValue(
      'Dear customer,\nthank you for your patience.\nJana Nováková\nSupport',
    );
    await page.getByTestId('reply-html-switch').click();
    await editor.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Dear customer, ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('the label');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' is attached.');
    await page.getByTestId('reply-file-input').setInputFiles({
      name: 'label.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('PARCEL-LABEL-42'),
    });
    await expect(page.getByTestId('reply-attachment')).toHaveText(/label\.txt \(15 B\)/);
    await page.getByTestId('reply-send').click();
    await expect(page.getByText('Odpověď odeslána')).toBeVisible();
    await expect(page.getByTestId('reply-attachment')).toHaveCount(0);

    // Sample emails share their senders across tests: this reply is the one with the label.
    const sent = await waitForMail(email.fromEmail, (m) => (m.text ?? '').includes('the label is attached'), 30_000);
    expect(sent.subject).toBe(`Re: ${email.subject}`);
    expect(sent.html).toMatch(/<(strong|b)>the label<\/(strong|b)>/);
    expect(sent.text).toContain('Dear customer, the label is attached.');
    expect(sent.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([['label.txt', 'PARCEL-LABEL-42']]);

    // The thread lists the email and the reply; the filter keeps one direction.
    const thread = page.getByTestId('thread');
    await expect(thread.getByTestId('thread-message')).toHaveCount(2);
    await thread.getByText('Outgoing', { exact: true }).first().click();
    await expect(thread.getByTestId('thread-message')).toHaveCount(1);
    await expect(thread.getByTestId('thread-message')).toHaveAttribute('data-direction', 'outgoing');
    await thread.getByTestId('thread-message-toggle').click();
    await expect(thread.getByTestId('thread-message-body-frame')).toBeVisible();
    await thread.getByTestId('thread-toggle').click();
    await expect(thread.getByTestId('thread-messages')).toHaveCount(0);

    // The timeline merges the incoming email, the reply, the assignment and a comment; the choice is kept.
    await page.getByRole('button', { name: 'Assign to me' }).click();
    await page.getByTestId('comment-input').fill('Label sent');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.getByTestId('view-mode').getByText('Timeline').click();
    const timeline = page.getByTestId('timeline');
    await expect(timeline.getByTestId('timeline-event')).toHaveCount(4);
    const types = await timeline
      .getByTestId('timeline-event')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-type')));
    expect(types.slice(0, 2)).toEqual(['incoming', 'reply']);
    expect(types.slice(2).sort()).toEqual(['comment', 'status']);
    await expect(timeline).toContainText('Label sent');
    await expect(timeline).toContainText('Assigned to');
    const preferences = await api<{ emailDetailViewMode: string }>(baseURL!, token, 'GET', '/user/preferences');
    expect(preferences.emailDetailViewMode).toBe('timeline');
    // The server's value wins over the local one.
    await page.evaluate(() => localStorage.setItem('emailDetailViewMode', 'classic'));
    await page.reload();
    await expect(page.getByTestId('timeline')).toBeVisible();
  });

  test('shows the not-found message for an email that does not exist', async ({ page, baseURL }) => {
    const { token } = await adminWithTeam(baseURL!, 'missing', 'Missing crew');
    await useToken(page, token);
    await page.goto('/admin/email-detail/00000000-0000-4000-8000-000000000000');
    await expect(page.getByTestId('email-not-found')).toHaveText('Email not found');
  });
});
