import type { EmailDetail, ReplyAddresses } from '@teaminbox/contracts';
import { detailLoaded, detailOpened } from './emailDetailSlice';
import { quotedPreview } from './reply-quote';
import {
  draftSaved,
  forwardAttachmentRemoved,
  forwardSent,
  replyAddressesLoaded,
  replyFieldChanged,
  replyModeChosen,
  replySlice,
  type ReplyState,
} from './replySlice';

const email = {
  id: 'e1',
  subject: 'Printer',
  fromName: 'Bob',
  fromEmail: 'bob@example.org',
  receivedAt: '2026-11-03T10:00:00.000Z',
  body: 'Please check.\n\nThanks',
  attachments: [
    { id: 'a1', filename: 'log.txt', size: 4, contentType: 'text/plain' },
    { id: 'a2', filename: 'logo.png', size: 9, contentType: 'image/png', inline: true },
  ],
} as unknown as EmailDetail;

const addresses: ReplyAddresses = {
  reply: { to: ['desk@example.org'], cc: [] },
  replyAll: { to: ['desk@example.org'], cc: ['dave@example.org', 'carol@example.org'] },
};

const reduce = (...actions: Parameters<typeof replySlice.reducer>[1][]): ReplyState =>
  actions.reduce(replySlice.reducer, replySlice.reducer(undefined, detailOpened('e1')));

describe('the reply form', () => {
  it('answers the Reply-To address once the addresses are known for the form set up, and again after a saved draft', () => {
    const known = reduce(detailLoaded(email), replyAddressesLoaded({ emailId: 'e1', addresses }));
    expect(known.form).toMatchObject({ to: 'desk@example.org', cc: '', subject: 'Re: Printer' });
    const saved = [replyFieldChanged('body', 'Later'), draftSaved()].reduce(replySlice.reducer, known);
    expect(saved.form).toMatchObject({ to: 'desk@example.org', body: '' });
  });

  it('keeps recipients the user already typed, and ignores the addresses of another email', () => {
    const typed = reduce(
      detailLoaded(email),
      replyFieldChanged('to', 'me@example.org'),
      replyAddressesLoaded({ emailId: 'e1', addresses }),
    );
    expect(typed.form.to).toBe('me@example.org');
    const other = reduce(detailLoaded(email), replyAddressesLoaded({ emailId: 'e2', addresses }));
    expect(other.form.to).toBe('bob@example.org');
  });

  it('reply all fills To and Cc; reply goes back to the sender only; the text written stays', () => {
    const all = reduce(
      detailLoaded(email),
      replyAddressesLoaded({ emailId: 'e1', addresses }),
      replyFieldChanged('body', 'Fixed.'),
      replyModeChosen({ mode: 'replyAll', email, addresses }),
    );
    expect(all.form).toMatchObject({
      to: 'desk@example.org',
      cc: 'dave@example.org, carol@example.org',
      body: 'Fixed.',
    });
    const back = replySlice.reducer(all, replyModeChosen({ mode: 'reply', email, addresses }));
    expect(back.form).toMatchObject({ to: 'desk@example.org', cc: '', body: 'Fixed.' });
    // Addresses not known (not loaded): both answer From.
    const unknown = reduce(detailLoaded(email), replyModeChosen({ mode: 'replyAll', email }));
    expect(unknown.form).toMatchObject({ to: 'bob@example.org', cc: '' });
  });

  it('forward starts without recipients, "Fwd: " subject and the attachments not shown inside the body', () => {
    const forward = reduce(detailLoaded(email), replyModeChosen({ mode: 'forward', email }));
    expect(forward.mode).toBe('forward');
    expect(forward.form).toMatchObject({ to: '', cc: '', subject: 'Fwd: Printer' });
    expect(forward.forwardAttachmentIds).toEqual(['a1']);
    const removed = replySlice.reducer(forward, forwardAttachmentRemoved('a1'));
    expect(removed.forwardAttachmentIds).toEqual([]);
    const done = replySlice.reducer(removed, forwardSent());
    expect(done).toMatchObject({ mode: 'reply', forwardAttachmentIds: [] });
    expect(done.form).toMatchObject({ to: 'bob@example.org', subject: 'Re: Printer' });
  });

  it('previews the quote the server sends below the answer', () => {
    expect(quotedPreview(email)).toBe(
      'On Tue, 03 Nov 2026 10:00:00 GMT, Bob <bob@example.org> wrote:\n> Please check.\n>\n> Thanks',
    );
  });
});
