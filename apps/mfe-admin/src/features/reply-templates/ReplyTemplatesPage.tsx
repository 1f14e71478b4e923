import '../../i18n/texts';
import { useEffect, type FormEvent } from 'react';
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
import { selectCanWrite, useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import {
  draftEdited,
  editingCancelled,
  newTemplateStarted,
  selectReplyTemplates,
  templateDeletionRequested,
  templateEditStarted,
  templateSaveRequested,
  templatesRequested,
  type TemplateDraft,
} from './replyTemplatesSlice';

/** The editor: name, optional subject, plain text body (4 rows), HTML body (6 rows), Save and Cancel. */
function TemplateEditor({ draft }: { draft: TemplateDraft }) {
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const { saving } = useAppSelector(selectReplyTemplates);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(templateSaveRequested());
  };
  const field = (key: 'name' | 'subject' | 'body' | 'htmlBody') => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => dispatch(draftEdited({ [key]: e.target.value })),
  });
  return (
    <Card title={t(draft.id ? 'replyTemplates.editHeading' : 'replyTemplates.newHeading')}>
      <form onSubmit={submit} className="flex flex-column gap-3" data-testid="template-editor">
        <div className="flex flex-column gap-1">
          <label htmlFor="template-name">{t('replyTemplates.name')}</label>
          <InputText
            id="template-name"
            maxLength={REPLY_TEMPLATE_NAME_MAX_LENGTH}
            {...field('name')}
            data-testid="template-name"
          />
        </div>
        <div className="flex flex-column gap-1">
          <label htmlFor="template-subject">{t('replyTemplates.subject')}</label>
          <InputText
            id="template-subject"
            maxLength={REPLY_TEMPLATE_SUBJECT_MAX_LENGTH}
            {...field('subject')}
            data-testid="template-subject"
          />
        </div>
        <div className="flex flex-column gap-1">
          <label htmlFor="template-body">{t('replyTemplates.body')}</label>
          <InputTextarea
            id="template-body"
            rows={4}
            maxLength={REPLY_TEMPLATE_BODY_MAX_LENGTH}
            {...field('body')}
            data-testid="template-body"
          />
        </div>
        <div className="flex flex-column gap-1">
          <label htmlFor="template-html-body">{t('replyTemplates.htmlBody')}</label>
          <InputTextarea
            id="template-html-body"
            rows={6}
            maxLength={REPLY_TEMPLATE_BODY_MAX_LENGTH}
            {...field('htmlBody')}
            data-testid="template-html-body"
          />
        </div>
        <div className="flex gap-2">
          <Button type="submit" label={t('replyTemplates.save')} icon="pi pi-check" loading={saving} />
          <Button
            type="button"
            label={t('replyTemplates.cancel')}
            icon="pi pi-times"
            outlined
            onClick={() => dispatch(editingCancelled())}
          />
        </div>
      </form>
    </Card>
  );
}

function TemplateTable() {
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const { templates, loading } = useAppSelector(selectReplyTemplates);
  const canWrite = useAppSelector(selectCanWrite);
  const actions = (template: ReplyTemplate) => (
    <div className="flex gap-1">
      <Button
        type="button"
        icon="pi pi-pencil"
        text
        rounded
        aria-label={t('replyTemplates.editTemplate', { name: template.name })}
        onClick={() => dispatch(templateEditStarted(template))}
        data-testid="template-edit"
      />
      <Button
        type="button"
        icon="pi pi-trash"
        severity="danger"
        text
        rounded
        aria-label={t('replyTemplates.deleteTemplate', { name: template.name })}
        onClick={() => dispatch(templateDeletionRequested(template.id))}
        data-testid="template-delete"
      />
    </div>
  );
  return (
    <DataTable
      value={templates}
      dataKey="id"
      loading={loading}
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
  const dispatch = useAppDispatch();
  const { editing } = useAppSelector(selectReplyTemplates);
  // An auditor reads the templates: no new one, no edit, no deletion.
  const canWrite = useAppSelector(selectCanWrite);

  useEffect(() => {
    dispatch(templatesRequested());
  }, [dispatch]);

  return (
    <section>
      <PageHeading title={t('replyTemplates.heading')}>
        {editing || !canWrite ? null : (
          <Button
            type="button"
            label={t('replyTemplates.newTemplate')}
            icon="pi pi-plus"
            onClick={() => dispatch(newTemplateStarted())}
            data-testid="template-new"
          />
        )}
      </PageHeading>
      {editing && canWrite ? <TemplateEditor draft={editing} /> : <TemplateTable />}
    </section>
  );
}
