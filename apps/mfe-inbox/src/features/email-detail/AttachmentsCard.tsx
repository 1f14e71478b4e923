import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dialog } from 'primereact/dialog';
import type { EmailAttachment, EmailDetail } from '@teaminbox/contracts';
import { useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { attachmentRequested, lightboxClosed, selectEmailDetail } from './emailDetailSlice';

const isImage = (attachment: EmailAttachment) => /^image\/(png|jpe?g|gif|webp)$/i.test(attachment.contentType);

/** The attachments that are not shown inside the body: download each, preview images in a lightbox. */
export function AttachmentsCard({ email }: { email: EmailDetail }) {
  const { t } = useTranslation('inbox');
  const dispatch = useAppDispatch();
  const { lightbox } = useAppSelector(selectEmailDetail);
  const attachments = email.attachments.filter((attachment) => !attachment.inline);
  return (
    <>
      {attachments.length > 0 ? (
        <Card title={t('emailDetail.attachments')}>
          <ul className="list-none p-0 m-0 flex flex-column gap-2" data-testid="attachments">
            {attachments.map((attachment) => (
              <li key={attachment.id} className="flex align-items-center gap-2" data-testid="attachment">
                <span data-testid="attachment-name">
                  {attachment.filename} ({attachment.size} B)
                </span>
                {(isImage(attachment) ? [false, true] : [false]).map((preview) => (
                  <Button
                    key={String(preview)}
                    type="button"
                    size="small"
                    text
                    label={t(preview ? 'emailDetail.preview' : 'emailDetail.download')}
                    onClick={() => dispatch(attachmentRequested(attachment, preview))}
                    data-testid={preview ? 'attachment-preview' : 'attachment-download'}
                  />
                ))}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <Dialog
        header={lightbox?.name}
        // Named while it closes too (the header empties before the closing animation ends).
        aria-label={lightbox?.name ?? t('emailDetail.attachments')}
        visible={lightbox !== null}
        dismissableMask
        closeOnEscape
        ariaCloseIconLabel={t('emailDetail.close')}
        pt={{ closeButton: { 'data-testid': 'lightbox-close' } as HTMLAttributes<HTMLButtonElement> }}
        onHide={() => dispatch(lightboxClosed())}
        data-testid="lightbox"
      >
        {lightbox ? (
          <img
            src={lightbox.url}
            alt={lightbox.name}
            style={{ maxWidth: '80vw', maxHeight: '75vh' }}
            data-testid="lightbox-image"
          />
        ) : null}
      </Dialog>
    </>
  );
}
