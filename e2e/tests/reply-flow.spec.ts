import type { Reply } from '@teaminbox/contracts';
import { startDovecot, type TestDovecot } from '../support/dovecot';
import {
  api,
  connectDovecotViaApi,
  createTeamViaApi,
  expect,
  newAccount,
  signUpViaApi,
  sinkSmtp,
  test,
  useToken,
  waitForEmailViaApi,
} from '../support/fixtures';
import { waitForMail } from '../support/mail-sink';

const addressesOf = (field: unknown) =>
  [field]
    .flat()
    .flatMap((list) => (list as { value?: { address?: string }[] } | undefined)?.value ?? [])
    .map((address) => address.address);

test.describe('replying: Reply-To, reply all, the quoted email, forward', () => {
  let dovecot: TestDovecot;

  test.beforeAll(async () => {
    dovecot = await startDovecot();
  });
  test.afterAll(async () => {
    await dovecot?.stop();
  });

  /** A team whose mailbox is the test Dovecot (read) and the browser tests' SMTP sink (send). */
  async function team(baseURL: string, name: string): Promise<string> {
    const token = await signUpViaApi(baseURL, newAccount(name));
    await createTeamViaApi(baseURL, token, `${name} crew`);
    await connectDovecotViaApi(baseURL, token, dovecot, { ...sinkSmtp(), fromName: 'Support' });
    return token;
  }

  test('a reply goes to the Reply-To address with the email quoted; reply all carries the Cc', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const token = await team(baseURL!, 'reply-to');
    const stamp = Date.now().toString(36);
    const desk = `desk-${stamp}@example.org`;
    const dave = `dave-${stamp}@example.org`;
    const carol = `carol-${stamp}@example.org`;
    const subject = `Printer ${stamp}`;
    const imap = await dovecot.client();
    await imap.append(
      'INBOX',
      [
        `From: Bob <bob-${stamp}@example.org>`,
        `Reply-To: Help Desk <${desk}>`,
        `To: support@example.test, ${dave}`,
        `Cc: ${carol}, Support@example.test`,
        `Subject: ${subject}`,
        `Message-ID: <${stamp}@example.org>`,
        `Date: ${new Date().toUTCString()}`,
        '',
        'Please check the printer.',
        '',
      ].join('\r\n'),
    );
    await imap.logout();
    const email = await waitForEmailViaApi(baseURL!, token, subject);

    await useToken(page, token);
    await page.goto(`/admin/email-detail/${email.id}`);
    await expect(page.getByTestId('reply-to')).toHaveValue(desk);
    await expect(page.getByTestId('reply-cc')).toHaveValue('');
    // The quoted email is collapsed behind '…'.
    await expect(page.getByTestId('reply-quote')).toHaveCount(0);
    await page.getByTestId('reply-quote-toggle').click();
    await expect(page.getByTestId('reply-quote')).toContainText('> Please check the printer.');
    await page.getByTestId('reply-body').fill('The printer is fixed.');
    await page.getByTestId('reply-send').click();
    await expect(page.getByText('Odpověď odeslána')).toBeVisible();
    const reply = await waitForMail(desk, (mail) => mail.text?.includes('The printer is fixed.') ?? false, 30_000);
    expect(reply.subject).toBe(`Re: ${subject}`);
    expect(addressesOf(reply.cc)).toEqual([]);
    expect(reply.text).toContain(`Bob <bob-${stamp}@example.org> wrote:\n> Please check the printer.`);
    expect(reply.html).toMatch(/The printer is fixed\.[\s\S]*<blockquote[^>]*>Please check the printer\./);

    await page.getByTestId('reply-mode-replyAll').click();
    await expect(page.getByTestId('reply-to')).toHaveValue(desk);
    await expect(page.getByTestId('reply-cc')).toHaveValue(`${dave}, ${carol}`);
    await page.getByTestId('reply-body').fill('Copying everyone.');
    await page.getByTestId('reply-send').click();
    const toAll = await waitForMail(desk, (mail) => mail.text?.includes('Copying everyone.') ?? false, 30_000);
    expect(addressesOf(toAll.to)).toEqual([desk]);
    expect(addressesOf(toAll.cc)).toEqual([dave, carol]);
  });

  test('forward sends the email with its attachment and a note, and the thread lists it', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const token = await team(baseURL!, 'forward');
    const stamp = Date.now().toString(36);
    const subject = `Invoice ${stamp}`;
    const zoe = `zoe-${stamp}@example.net`;
    const imap = await dovecot.client();
    await imap.append(
      'INBOX',
      [
        'From: Alice <alice@example.org>',
        'To: support@example.test',
        `Subject: ${subject}`,
        `Message-ID: <fwd-${stamp}@example.org>`,
        `Date: ${new Date().toUTCString()}`,
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain',
        '',
        'The invoice is attached.',
        '--b',
        'Content-Type: text/plain; name="invoice.txt"',
        'Content-Disposition: attachment; filename="invoice.txt"',
        '',
        'Invoice 4711: 120 EUR',
        '--b--',
        '',
      ].join('\r\n'),
    );
    await imap.logout();
    const email = await waitForEmailViaApi(baseURL!, token, subject);

    await useToken(page, token);
    await page.goto(`/admin/email-detail/${email.id}`);
    await page.getByTestId('reply-mode-forward').click();
    await expect(page.getByTestId('reply-to')).toHaveValue('');
    await expect(page.getByTestId('reply-subject')).toHaveValue(`Fwd: ${subject}`);
    await expect(page.getByTestId('forward-attachment')).toContainText('invoice.txt');
    await page.getByTestId('reply-to').fill(zoe);
    await page.getByTestId('forward-note').fill('For the accounts.');
    await page.getByTestId('reply-send').click();
    await expect(page.getByText('Email forwarded')).toBeVisible();

    const forwarded = await waitForMail(zoe, (mail) => mail.subject === `Fwd: ${subject}`, 30_000);
    expect(forwarded.text).toContain('For the accounts.');
    expect(forwarded.text).toContain('---------- Forwarded message ---------');
    expect(forwarded.text).toContain('The invoice is attached.');
    expect(forwarded.attachments.map((file) => [file.filename, file.content.toString('utf8').trim()])).toEqual([
      ['invoice.txt', 'Invoice 4711: 120 EUR'],
    ]);
    // It stays in the conversation: listed with the team's messages of the email.
    await expect
      .poll(async () =>
        (await api<Reply[]>(baseURL!, token, 'GET', `/emails/${email.id}/replies`)).map((item) => item.subject),
      )
      .toContain(`Fwd: ${subject}`);
    // The form is a reply again.
    await expect(page.getByTestId('reply-mode-reply')).toHaveAttribute('aria-pressed', 'true');
  });
});
