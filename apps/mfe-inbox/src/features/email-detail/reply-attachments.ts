import type { UnknownAction } from '@reduxjs/toolkit';
import { REPLY_MAX_ATTACHMENTS } from '@teaminbox/contracts';
import { notice } from '../../shared/notices';
import type { ReplyAttachment } from './replySlice';

/** What the attachments of a reply may weigh together (the API's JSON body limit is 35 MB, base64 adds a third). */
export const REPLY_ATTACHMENTS_MAX_MB = 25;

/** Whether files of these sizes may join the attachments already chosen (count and total size). */
export function attachmentsFit(chosenSizes: readonly number[], addedSizes: readonly number[]): boolean {
  const total = [...chosenSizes, ...addedSizes].reduce((sum, size) => sum + size, 0);
  return (
    total <= REPLY_ATTACHMENTS_MAX_MB * 1024 * 1024 && chosenSizes.length + addedSizes.length <= REPLY_MAX_ATTACHMENTS
  );
}

/** A file's content as base64 (what the send-reply call carries). */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * The files a person chose to attach, read (they never enter the store): null, with the notice raised, when they
 * would make too many or too large attachments together with those already chosen, or cannot be read.
 */
export async function readChosenFiles(
  chosenSizes: readonly number[],
  files: FileList | null,
  dispatch: (action: UnknownAction) => unknown,
): Promise<ReplyAttachment[] | null> {
  if (!files || files.length === 0) return null;
  const chosen = [...files];
  if (
    !attachmentsFit(
      chosenSizes,
      chosen.map((file) => file.size),
    )
  ) {
    dispatch(notice('error', 'emailDetail.attachmentTooLarge', { max: String(REPLY_ATTACHMENTS_MAX_MB) }));
    return null;
  }
  try {
    return await Promise.all(
      chosen.map(async (file) => ({
        fileName: file.name,
        contentType: file.type || 'application/octet-stream',
        base64Content: await readAsBase64(file),
        size: file.size,
      })),
    );
  } catch {
    dispatch(notice('error', 'emailDetail.fileReadError'));
    return null;
  }
}
