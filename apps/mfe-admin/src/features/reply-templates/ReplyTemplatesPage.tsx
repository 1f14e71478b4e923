import '../../i18n/texts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import {
  REPLY_TEMPLATE_BODY_MAX_LENGTH,
  REPLY_TEMPLATE_NAME_MAX_LENGTH,
  REPLY_TEMPLATE_SUBJECT_MAX_LENGTH,
  type ReplyTemplate,
} from '@teaminbox/contracts';
import { PageHeading } from '@teaminbox/ui';
import {
  selectCanWrite,
  TEAM_LIST_MAX_AGE_S,
  useAppSelector,
  useDeleteReplyTemplateMutation,
  useReplyTemplatesQuery,
  useSaveReplyTemplateMutation,
  type ReplyTemplateSave,
} from '@teaminbox/web-store';

/** The template in the editor: a new one (no id) or a copy of an existing one. */
interface TemplateDraft extends ReplyTemplateSave {
  subject: string;
  body: string;
  htmlBody: string;
}

const NEW_TEMPLATE: TemplateDraft = { id: null, name: '', subject: '', body: '', htmlBody: '' };

const draftOf = ({ id, name, subject, body, htmlBody }: ReplyTemplate): TemplateDraft => ({
  id,
  name,
  subject: subject ?? '',
  body: body ?? '',
  htmlBody: htmlBody ?? '',
});

/** One of the editor's fields: a text area when it has rows, a one-line input otherwise. */
interface TemplateField {
  key: 'name' | 'subject' | 'body' | 'htmlBody';
  id: string;
  label: string;
  maxLength: number;
  rows?: number;
}

const FIELDS: readonly TemplateField[] = [
  { key: 'name', id: 'template-name', label: 'replyTemplates.name', maxLength: REPLY_TEMPLATE_NAME_MAX_LENGTH },
  {
    key: 'subject',
    id: 'template-subject',
    label: 'replyTemplates.subject',
    maxLength: REPLY_TEMPLATE_SUBJECT_MAX_LENGTH,
  },
  {
    key: 'body',
    id: 'template-body',
    label: 'replyTemplates.body',
    maxLength: REPLY_TEMPLATE_BODY_MAX_LENGTH,
    rows: 4,
  },
  {
    key: 'htmlBody',
    id: 'template-html-body',
    label: 'replyTemplates.htmlBody',
    maxLength: REPLY_TEMPLATE_BODY_MAX_LENGTH,
    rows: 6,
  },
];

/**
 * The editor: name, optional subject, plain text body (4 rows), HTML body (6 rows), Save and Cancel. Saved, it
 * closes and the list is loaded again; a failed save is only logged (the spec) and keeps what was typed.
 */
function TemplateEditor({ initial, onClose }: { initial: TemplateDraft; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState(initial);
  const [save, { isLoading: saving }] = useSaveReplyTemplateMutation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    // A failure is logged by the endpoint; the editor stays open.
    void save(draft).then((result) => {
      if (!result.error) onClose();
    });
  };
  const field = (key: TemplateField['key']) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft((current) => ({ ...current, [key]: e.target.value })),
  });
  return (
    <Card title={t(draft.id ? 'replyTemplates.editHeading' : 'replyTemplates.newHeading')}>
      <form onSubmit={submit} className="flex flex-column gap-3" data-testid="template-editor">
        {FIELDS.map(({ key, id, label, maxLength, rows }) => (
          <div key={key} className="flex flex-column gap-1">
            <label htmlFor={id}>{t(label)}</label>
            {rows ? (
              <InputTextarea id={id} rows={rows} maxLength={maxLength} {...field(key)} data-testid={id} />
            ) : (
              <InputText id={id} maxLength={maxLength} {...field(key)} data-testid={id} />
            )}
          </div>
        ))}
        <div className="flex gap-2">
          <Button type="submit" label={t('replyTemplates.save')} icon="pi pi-check" loading={saving} />
          <Button type="button" label={t('replyTemplates.cancel')} icon="pi pi-times" outlined onClick={onClose} />
        </div>
      </form>
    </Card>
  );
}

function TemplateTable({ onEdit }: { onEdit: (template: ReplyTemplate) => void }) {
  const { t } = useTranslation('admin');
  // A load failure is only logged (the spec): the list keeps what it showed.
  const { data: templates = [], isFetching } = useReplyTemplatesQuery(undefined, {
    refetchOnMountOrArgChange: TEAM_LIST_MAX_AGE_S,
  });
  const [remove] = useDeleteReplyTemplateMutation();
  const canWrite = useAppSelector(selectCanWrite);
  const actions = (template: ReplyTemplate) => (
    <div className="flex gap-1">
      <Button
        type="button"
        icon="pi pi-pencil"
        text
        rounded
        aria-label={t('replyTemplates.editTemplate', { name: template.name })}
        onClick={() => onEdit(template)}
        data-testid="template-edit"
      />
      <Button
        type="button"
        icon="pi pi-trash"
        severity="danger"
        text
        rounded
        aria-label={t('replyTemplates.deleteTemplate', { name: template.name })}
        onClick={() => remove(template.id)}
        data-testid="template-delete"
      />
    </div>
  );
  return (
    <DataTable
      value={templates}
      dataKey="id"
      loading={isFetching}
      emptyMessage={t('replyTemplates.empty')}
      rowHover
      pt={{ bodyRow: { 'data-testid': 'template-row' } as object }}
      data-testid="template-table"
    >
      <Column field="name" header={t('replyTemplates.name')} />
      <Column field="subject" header={t('replyTemplates.subject')} />
      {canWrite ? (
        <Column
          header={<span className="sr-only">{t('replyTemplates.actions')}</span>}
          body={actions}
          style={{ width: '7rem' }}
        />
      ) : null}
    </DataTable>
  );
}

/** /admin/reply-templates: the team's reply templates, and the editor of a new one or a copy of one. */
export default function ReplyTemplatesPage() {
  const { t } = useTranslation('admin');
  // null: the list is shown; otherwise the editor with this draft.
  const [editing, setEditing] = useState<TemplateDraft | null>(null);
  // An auditor reads the templates: no new one, no edit, no deletion.
  const canWrite = useAppSelector(selectCanWrite);

  return (
    <section>
      <PageHeading title={t('replyTemplates.heading')}>
        {editing || !canWrite ? null : (
          <Button
            type="button"
            label={t('replyTemplates.newTemplate')}
            icon="pi pi-plus"
            onClick={() => setEditing(NEW_TEMPLATE)}
            data-testid="template-new"
          />
        )}
      </PageHeading>
      {editing && canWrite ? (
        <TemplateEditor initial={editing} onClose={() => setEditing(null)} />
      ) : (
        <TemplateTable onEdit={(template) => setEditing(draftOf(template))} />
      )}
    </section>
  );
}
