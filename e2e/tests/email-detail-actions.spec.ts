import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { Email, EmailAction, EmailDetail, Page as EmailPage } from '@teaminbox/contracts';
import {
  type Account,
  api,
  connectDovecotViaApi,
  expect,
  joinTeamViaApi,
  newAccount,
  test,
  useToken,
  waitForEmailViaApi,
} from '../support/fixtures';
import { adminWithTeam, useDovecot } from '../support/teams';

/** A toast of the spec's notice catalogue, by its exact text. */
function notice(page: Page, text: string) {
  return page.getByRole('alert').filter({ has: page.getByText(text, { exact: true }) });
}

/** The open dropdown's list (the component also keeps a hidden native select with the chosen option). */
const listbox = (page: Page) => page.getByRole('listbox');

/** A new team with the sample emails; returns the owner's token and the emails (newest first). */
async function teamWithSamples(
  baseURL: string,
  prefix: string,
): Promise<{ account: Account; token: string; emails: Email[] }> {
  const { account, token } = await adminWithTeam(baseURL, prefix);
  await api(baseURL, token, 'POST', '/emails/sample');
  const { content } = await api<EmailPage<Email>>(baseURL, token, 'GET', '/emails?size=50');
  expect(content.length).toBeGreaterThan(1);
  return { account, token, emails: content };
}

async function folderIds(baseURL: string, token: string, folder: string): Promise<string[]> {
  const { content } = await api<EmailPage<Email>>(baseURL, token, 'GET', `/emails?folder=${folder}&size=100`);
  return content.map((email) => email.id);
}

/** Which of the folders inbox, archived and spam list the email. */
async function foldersOf(baseURL: string, token: string, id: string): Promise<string[]> {
  const folders: string[] = [];
  for (const folder of ['inbox', 'archived', 'spam']) {
    if ((await folderIds(baseURL, token, folder)).includes(id)) folders.push(folder);
  }
  return folders;
}

const detailOf = (baseURL: string, token: string, id: string) =>
  api<EmailDetail>(baseURL, token, 'GET', `/emails/${id}`);

/** Opens the email's detail and waits for its subject. */
async function openDetail(page: Page, email: Pick<Email, 'id' | 'subject'>): Promise<void> {
  await page.goto(`/admin/email-detail/${email.id}`);
  await expect(page.getByTestId('email-detail-subject')).toHaveText(email.subject);
}

/**
 * While a notice shows, the detail's header buttons stay in sight and can be clicked: the notice covers none of them
 * and lies within the screen.
 */
async function expectHeaderButtonsFree(page: Page, shown: Locator): Promise<void> {
  const box = (await shown.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  for (const id of ['mute-toggle', 'spam-toggle', 'archive-toggle']) {
    const button = (await page.getByTestId(id).boundingBox())!;
    const overlaps =
      box.x < button.x + button.width &&
      button.x < box.x + box.width &&
      box.y < button.y + button.height &&
      button.y < box.y + box.height;
    expect(overlaps, `the notice covers ${id}`).toBe(false);
    // Playwright's checks of a click without clicking: visible, stable, enabled and not hidden under another element.
    await page.getByTestId(id).click({ trial: true, timeout: 2_000 });
  }
}

/** Back on the inbox screen: its address and its table. */
async function expectInbox(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/admin\/inbox$/);
  await expect(page.getByTestId('email-table')).toBeVisible();
  await expect(page.getByTestId('email-detail')).toHaveCount(0);
}

/** The subject cell of the email's row in the inbox list. */
const subjectInList = (page: Page, subject: string) =>
  page.getByTestId('email-subject').and(page.getByText(subject, { exact: true }));

/** Opens the email from a folder of the inbox screen by a click on its row. */
async function openFromFolder(page: Page, folder: string, subject: string): Promise<void> {
  await page.getByTestId('folders').getByText(folder, { exact: true }).click();
  await subjectInList(page, subject).click();
  await expect(page).toHaveURL(/\/admin\/email-detail\//);
  await expect(page.getByTestId('email-detail-subject')).toHaveText(subject);
}

// A 1x1 PNG and a small PDF: the attachments of the incoming email.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const BOUNDARY = 'mixed-b0undary';
const SENT_AT = 'Tue, 04 Mar 2025 10:15:00 +0000';

/** Base64 in lines of 76 characters, as MIME wants it. */
const base64Lines = (bytes: Buffer) => (bytes.toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');

/** An incoming message with a text body, a PDF and a PNG attachment, two recipients, a copy and high priority. */
function messageWithAttachments(subject: string): string {
  const part = (filename: string, contentType: string, bytes: Buffer) => [
    `--${BOUNDARY}`,
    `Content-Type: ${contentType}; name="${filename}"`,
    `Content-Disposition: attachment; filename="${filename}"`,
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(bytes),
  ];
  return [
    'From: Supplier Billing <billing@supplier.example>',
    'To: support@example.test, sales@example.test',
    'Cc: finance@example.test',
    `Subject: ${subject}`,
    `Message-ID: <${Date.now()}.${Math.random().toString(36).slice(2)}@supplier.example>`,
    `Date: ${SENT_AT}`,
    'X-Priority: 1 (Highest)',
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${BOUNDARY}"`,
    '',
    `--${BOUNDARY}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Please find the invoice and the photo of the delivery attached.',
    ...part('invoice-4711.pdf', 'application/pdf', PDF),
    ...part('delivery.png', 'image/png', PNG),
    `--${BOUNDARY}--`,
    '',
  ].join('\r\n');
}

test.describe('the email detail screen: actions', () => {
  test('the back button returns to the inbox', async ({ page, baseURL }) => {
    const { token, emails } = await teamWithSamples(baseURL!, 'back');
    await useToken(page, token);
    await openDetail(page, emails[0]);
    await page.getByRole('button', { name: 'Back to inbox' }).click();
    await expectInbox(page);
    await expect(page.getByTestId('email-row')).toHaveCount(emails.length);
  });

  test('mutes and unmutes notifications for the email; a failed change shows the notice', async ({ page, baseURL }) => {
    const { token, emails } = await teamWithSamples(baseURL!, 'mute');
    const email = emails[0];
    await useToken(page, token);
    await openDetail(page, email);
    const toggle = page.getByTestId('mute-toggle');
    await expect(toggle).toHaveText('Mute notifications');

    await toggle.click();
    await expect(toggle).toHaveText('Unmute notifications');
    expect((await detailOf(baseURL!, token, email.id)).muted).toBe(true);
    const settings = await api<{ mutedEmailIds: string[] }>(baseURL!, token, 'GET', '/notification-settings');
    expect(settings.mutedEmailIds).toContain(email.id);

    await toggle.click();
    await expect(toggle).toHaveText('Mute notifications');
    expect((await detailOf(baseURL!, token, email.id)).muted).toBe(false);

    // The server refuses: the spec's notice (an error, 3 s), and the button keeps its state.
    await page.route('**/api/emails/*/notifications/mute', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
    );
    await toggle.click();
    // A toast under the pointer stays until the pointer leaves it (PrimeReact pauses its life on hover): the pointer
    // moves on as a user's would.
    await page.mouse.move(400, 300);
    await expect(notice(page, 'Chyba při změně nastavení upozornění')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(1);
    await expect(toggle).toHaveText('Mute notifications');
    await expectHeaderButtonsFree(page, notice(page, 'Chyba při změně nastavení upozornění'));
    await expect(notice(page, 'Chyba při změně nastavení upozornění')).toBeHidden({ timeout: 10_000 });
    expect((await detailOf(baseURL!, token, email.id)).muted).toBe(false);
  });

  test('on a phone, a notice lies across the bottom of the screen and leaves the header buttons free', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { token, emails } = await teamWithSamples(baseURL!, 'phone-notice');
    await useToken(page, token);
    await openDetail(page, emails[0]);
    await page.route('**/api/emails/*/notifications/mute', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
    );
    await page.getByTestId('mute-toggle').click();
    const shown = notice(page, 'Chyba při změně nastavení upozornění');
    await expect(shown).toBeVisible();
    // Measured first: the notice lives 3 s, and the header buttons' checks take a while.
    const box = (await shown.boundingBox())!;
    const screen = page.viewportSize()!;
    expect(box.y).toBeGreaterThan(screen.height / 2);
    expect(box.width).toBeGreaterThan(screen.width * 0.8);
    await expectHeaderButtonsFree(page, shown);
  });

  test('spam, not spam, archive and unarchive each return to the inbox and move the email between folders', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { token, emails } = await teamWithSamples(baseURL!, 'folders');
    const email = emails[0];
    await useToken(page, token);
    await openDetail(page, email);
    const spam = page.getByTestId('spam-toggle');
    const archive = page.getByTestId('archive-toggle');

    await expect(spam).toHaveText('Spam');
    await spam.click();
    await expectInbox(page);
    await expect.poll(() => foldersOf(baseURL!, token, email.id)).toEqual(['spam']);

    // From the Spam folder: the detail offers "Not spam", which brings the email back to the inbox.
    await openFromFolder(page, 'Spam', email.subject);
    await expect(spam).toHaveText('Not spam');
    await spam.click();
    await expectInbox(page);
    await expect.poll(() => foldersOf(baseURL!, token, email.id)).toEqual(['inbox']);
    expect((await detailOf(baseURL!, token, email.id)).isSpam).toBe(false);

    // Archived: the detail offers "Unarchive", which brings it back to the inbox.
    await openDetail(page, email);
    await expect(archive).toHaveText('Archive');
    await archive.click();
    await expectInbox(page);
    await expect.poll(() => foldersOf(baseURL!, token, email.id)).toEqual(['archived']);
    await openFromFolder(page, 'Archived', email.subject);
    await expect(archive).toHaveText('Unarchive');
    await expect(spam).toHaveText('Spam');
    await archive.click();
    await expectInbox(page);
    await expect.poll(() => foldersOf(baseURL!, token, email.id)).toEqual(['inbox']);
    expect((await detailOf(baseURL!, token, email.id)).isArchived).toBe(false);

    // Each change is in the email's action log.
    const actions = await api<EmailAction[]>(baseURL!, token, 'GET', `/emails/${email.id}/actions`);
    expect(actions.map((action) => action.type)).toEqual(
      expect.arrayContaining(['SPAM', 'NOT_SPAM', 'ARCHIVED', 'UNARCHIVED']),
    );
  });

  test('opening an email marks it read; "Mark as unread" makes it unread again', async ({ page, baseURL }) => {
    const { token, emails } = await teamWithSamples(baseURL!, 'unread');
    const email = emails.find((candidate) => !candidate.read);
    expect(email, 'a sample email is unread').toBeTruthy();
    const unreadBefore = await api<number>(baseURL!, token, 'GET', '/emails/unread/count');
    expect(unreadBefore).toBeGreaterThan(0);

    await useToken(page, token);
    await openDetail(page, email!);
    await expect.poll(async () => (await detailOf(baseURL!, token, email!.id)).read).toBe(true);
    await expect.poll(() => api<number>(baseURL!, token, 'GET', '/emails/unread/count')).toBe(unreadBefore - 1);

    const markUnread = page.waitForResponse(
      (res) => res.url().endsWith(`/api/emails/${email!.id}/unread`) && res.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Mark as unread' }).click();
    expect((await markUnread).ok()).toBe(true);
    await expect.poll(async () => (await detailOf(baseURL!, token, email!.id)).read).toBe(false);
    await expect.poll(() => api<number>(baseURL!, token, 'GET', '/emails/unread/count')).toBe(unreadBefore);
    // Still on the email, and the inbox lists it as unread (bold subject).
    await expect(page.getByTestId('email-detail-subject')).toHaveText(email!.subject);
    await page.getByRole('button', { name: 'Back to inbox' }).click();
    await expectInbox(page);
    await expect(subjectInList(page, email!.subject)).toHaveClass(/font-bold/);

    // A failed call shows the spec's notice.
    await page.route('**/api/emails/*/unread', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '' }) : route.continue(),
    );
    await openDetail(page, email!);
    await page.getByRole('button', { name: 'Mark as unread' }).click();
    await expect(notice(page, 'Error marking as unread')).toBeVisible();
  });

  test('assigns the email to a member who joined through an invitation, shows them, and unassigns', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { account: owner, token, emails } = await teamWithSamples(baseURL!, 'assigner');
    const member = newAccount('member');
    const memberToken = await joinTeamViaApi(baseURL!, token, member);
    const email = emails[0];
    await useToken(page, token);
    await openDetail(page, email);
    const assignee = page.getByTestId('assignee');
    await expect(assignee).toHaveText('Not assigned');
    const assign = page.getByRole('button', { name: 'Assign', exact: true });
    await expect(assign).toBeDisabled();
    const unassign = page.getByRole('button', { name: 'Unassign' });
    await expect(unassign).toBeDisabled();

    // The select lists both members; the new member is chosen.
    await page.getByTestId('member-select').click();
    await expect(listbox(page).getByRole('option', { name: owner.email })).toBeVisible();
    await listbox(page).getByRole('option', { name: member.email }).click();
    await assign.click();
    await expect(notice(page, 'Email assigned successfully')).toBeVisible();
    await expect(assignee).toHaveText(`Assigned to: ${member.email}`);
    const memberId = (await api<{ id: string }>(baseURL!, memberToken, 'GET', '/loggedInUser')).id;
    await expect.poll(async () => (await detailOf(baseURL!, token, email.id)).assignedTo).toBe(memberId);
    // The member finds it in their tasks.
    await expect
      .poll(async () => (await api<EmailPage<Email>>(baseURL!, memberToken, 'GET', '/emails/my-tasks')).content)
      .toEqual([expect.objectContaining({ id: email.id })]);
    // A success notice lasts 2 s.
    await expect(notice(page, 'Email assigned successfully')).toBeHidden({ timeout: 8_000 });

    await expect(unassign).toBeEnabled();
    await unassign.click();
    await expect(notice(page, 'Email unassigned')).toBeVisible();
    await expect(assignee).toHaveText('Not assigned');
    await expect(unassign).toBeDisabled();
    await expect.poll(async () => (await detailOf(baseURL!, token, email.id)).assignedTo).toBeNull();

    // Both are in the email's action log.
    await expect
      .poll(async () =>
        (await api<EmailAction[]>(baseURL!, token, 'GET', `/emails/${email.id}/actions`))
          .map((action) => action.type)
          .filter((type) => type === 'ASSIGN' || type === 'UNASSIGN'),
      )
      .toEqual(expect.arrayContaining(['ASSIGN', 'UNASSIGN']));
    const actions = await api<EmailAction[]>(baseURL!, token, 'GET', `/emails/${email.id}/actions`);
    expect(actions.find((action) => action.type === 'ASSIGN')?.details.assignedTo).toBe(memberId);

    // A failed assignment shows the spec's notice.
    await page.route('**/api/emails/*/assign', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByTestId('member-select').click();
    await listbox(page).getByRole('option', { name: member.email }).click();
    await assign.click();
    await expect(notice(page, 'Error assigning email')).toBeVisible();
    await expect(assignee).toHaveText('Not assigned');
  });

  test('adds and removes a label; a label already on the email is disabled in the select', async ({
    page,
    baseURL,
  }) => {
    const { token, emails } = await teamWithSamples(baseURL!, 'labels');
    await api(baseURL!, token, 'POST', '/email-labels/initialize');
    const email = emails[0];
    await useToken(page, token);
    await openDetail(page, email);
    const chips = page.getByTestId('email-label');
    await expect(chips).toHaveCount(0);

    await page.getByTestId('label-select').click();
    await expect(listbox(page).getByRole('option', { name: 'Important' })).toBeEnabled();
    await listbox(page).getByRole('option', { name: 'Important' }).click();
    await page.getByRole('button', { name: 'Add label' }).click();
    await expect(notice(page, 'Label "Important" assigned to email')).toBeVisible();
    await expect(chips).toHaveText(['Important']);

    // Already on the email: disabled in the select (the others stay enabled).
    await page.getByTestId('label-select').click();
    await expect(listbox(page).getByRole('option', { name: 'Important' })).toBeDisabled();
    await expect(listbox(page).getByRole('option', { name: 'Urgent' })).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(listbox(page).getByRole('option')).toHaveCount(0);

    // A failed removal keeps the chip and shows the spec's notice.
    await page.route('**/api/emails/*/labels/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: '' }) : route.continue(),
    );
    await chips.getByRole('button', { name: 'Remove label Important' }).click();
    await expect(notice(page, 'Error removing label')).toBeVisible();
    await expect(chips).toHaveText(['Important']);
    await page.unrouteAll();

    await chips.getByRole('button', { name: 'Remove label Important' }).click();
    await expect(chips).toHaveCount(0);
    const labelIds = (await detailOf(baseURL!, token, email.id)).labels;
    expect(labelIds).toEqual([]);
    await page.getByTestId('label-select').click();
    await expect(listbox(page).getByRole('option', { name: 'Important' })).toBeEnabled();
  });

  test.describe('an incoming email with attachments', () => {
    const dovecot = useDovecot();

    test('shows the meta block; downloads a PDF; previews a PNG in a lightbox closed by Esc, the backdrop and the close button', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const { token } = await adminWithTeam(baseURL!, 'attach', 'Attachment crew');
      const subject = `Invoice with photo ${Date.now()}`;
      // In the mailbox before it is configured: the first synchronisation takes it in.
      const imap = await dovecot().client();
      await imap.append('INBOX', messageWithAttachments(subject));
      await imap.logout();
      await connectDovecotViaApi(baseURL!, token, dovecot());
      const email = await waitForEmailViaApi(baseURL!, token, subject);

      await useToken(page, token);
      await openDetail(page, email);

      // The sender and the meta block: from, to, cc, date, priority (lowercased) and status.
      await expect(page.getByText('Supplier Billing <billing@supplier.example>', { exact: true })).toBeVisible();
      const meta = page.getByTestId('email-meta');
      const date = await page.evaluate((iso) => new Date(iso).toLocaleString(), new Date(SENT_AT).toISOString());
      await expect(meta.getByRole('term')).toHaveText(['From', 'To', 'Cc', 'Date', 'Priority', 'Status']);
      await expect(meta.getByRole('definition')).toHaveText([
        'billing@supplier.example',
        'support@example.test, sales@example.test',
        'finance@example.test',
        date,
        'high',
        'new',
      ]);
      await expect(page.getByTestId('email-body-text')).toHaveText(
        'Please find the invoice and the photo of the delivery attached.',
      );

      const attachments = page.getByTestId('attachment');
      await expect(attachments.getByTestId('attachment-name')).toHaveText([
        `invoice-4711.pdf (${PDF.length} B)`,
        `delivery.png (${PNG.length} B)`,
      ]);
      const pdf = attachments.filter({ hasText: 'invoice-4711.pdf' });
      const png = attachments.filter({ hasText: 'delivery.png' });
      await expect(pdf.getByRole('button', { name: 'Download' })).toBeVisible();
      // Only images have a preview.
      await expect(pdf.getByRole('button', { name: 'Preview' })).toHaveCount(0);

      // The download delivers the file's bytes under its name, with the progress notice.
      const downloading = page.waitForEvent('download');
      await pdf.getByRole('button', { name: 'Download' }).click();
      await expect(notice(page, 'Soubor se stahuje...')).toBeVisible();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('invoice-4711.pdf');
      expect(readFileSync(await download.path())).toEqual(PDF);
      // The same bytes through the API with the token.
      const detail = await detailOf(baseURL!, token, email.id);
      const pngId = detail.attachments.find((attachment) => attachment.filename === 'delivery.png')!.id;
      const res = await page.request.get(`/api/attachments/${pngId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status()).toBe(200);
      expect(await res.body()).toEqual(PNG);
      const pngDownload = page.waitForEvent('download');
      await png.getByRole('button', { name: 'Download' }).click();
      expect(readFileSync(await (await pngDownload).path())).toEqual(PNG);

      // The image opens in a lightbox; Esc, the backdrop and the close button each close it.
      const lightbox = page.getByRole('dialog');
      const openLightbox = async () => {
        await png.getByRole('button', { name: 'Preview' }).click();
        await expect(lightbox).toBeVisible();
        await expect(lightbox).toContainText('delivery.png');
        const image = lightbox.getByRole('img', { name: 'delivery.png' });
        await expect(image).toBeVisible();
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
      };
      await openLightbox();
      await page.keyboard.press('Escape');
      await expect(lightbox).toHaveCount(0);

      await openLightbox();
      await page.locator('.p-dialog-mask').click({ position: { x: 5, y: 5 } });
      await expect(lightbox).toHaveCount(0);

      await openLightbox();
      await lightbox.getByRole('button', { name: 'Close' }).click();
      await expect(lightbox).toHaveCount(0);
      // The screen is still usable after the lightbox.
      await expect(page.getByTestId('email-detail-subject')).toHaveText(subject);
    });
  });
});
