import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { useAppDispatch } from '@teaminbox/web-store';
import { readChosenFiles } from './reply-attachments';
import type { ReplyAttachment } from './replySlice';

/** A file going out with the message (attached or forwarded): its name and size, and a button that removes it. */
export function AttachmentChip(props: { name: string; size: number; testId: string; onRemove(): void }) {
  const { t } = useTranslation('inbox');
  return (
    <span className="flex align-items-center gap-1" data-testid={props.testId}>
      {props.name} ({props.size} B)
      <Button
        type="button"
        text
        rounded
        size="small"
        icon="pi pi-times"
        aria-label={t('emailDetail.removeAttachment', { name: props.name })}
        onClick={props.onRemove}
      />
    </span>
  );
}

/**
 * The files of a message being written (a reply or Compose): 'Attach files', then each chosen file as a chip. Files
 * are read here (they never enter the store); too many or too large ones are refused with a notice.
 * `testIdPrefix` names the file input (`<prefix>-file-input`) and the chips (`<prefix>-attachment`).
 */
export function AttachmentPicker(props: {
  attachments: readonly ReplyAttachment[];
  testIdPrefix: string;
  className?: string;
  onAdd(files: ReplyAttachment[]): void;
  onRemove(index: number): void;
}) {
  const { t } = useTranslation('inbox');
  const dispatch = useAppDispatch();
  const fileInput = useRef<HTMLInputElement>(null);
  const addFiles = async (files: FileList | null) => {
    const read = await readChosenFiles(
      props.attachments.map((file) => file.size),
      files,
      dispatch,
    );
    if (fileInput.current) fileInput.current.value = '';
    if (read) props.onAdd(read);
  };
  return (
    <div className={props.className ?? 'flex flex-wrap align-items-center gap-2'}>
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        onChange={(e) => void addFiles(e.target.files)}
        data-testid={`${props.testIdPrefix}-file-input`}
      />
      <Button
        type="button"
        text
        size="small"
        icon="pi pi-paperclip"
        label={t('emailDetail.attachFiles')}
        onClick={() => fileInput.current?.click()}
      />
      {props.attachments.map((attachment, index) => (
        <AttachmentChip
          key={`${attachment.fileName}-${index}`}
          name={attachment.fileName}
          size={attachment.size}
          testId={`${props.testIdPrefix}-attachment`}
          onRemove={() => props.onRemove(index)}
        />
      ))}
    </div>
  );
}
