import { attachmentsFit, readAsBase64, REPLY_ATTACHMENTS_MAX_MB } from './reply-attachments';

const MB = 1024 * 1024;

describe('attachmentsFit', () => {
  it('accepts files up to 25 MB together and at most 20 files', () => {
    expect(attachmentsFit([], [REPLY_ATTACHMENTS_MAX_MB * MB])).toBe(true);
    expect(attachmentsFit([10 * MB], [10 * MB, 5 * MB])).toBe(true);
    expect(attachmentsFit(Array(19).fill(1), [1])).toBe(true);
  });

  it('refuses more than 25 MB together or a 21st file', () => {
    expect(attachmentsFit([20 * MB], [5 * MB + 1])).toBe(false);
    expect(attachmentsFit(Array(20).fill(1), [1])).toBe(false);
  });
});

describe('readAsBase64', () => {
  it('gives the base64 content of a file', async () => {
    await expect(readAsBase64(new Blob(['héllo']))).resolves.toBe(Buffer.from('héllo').toString('base64'));
  });
});
