import '../../i18n/texts';
import './email-labels.css';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { ProgressSpinner } from 'primereact/progressspinner';
import { SelectButton } from 'primereact/selectbutton';
import {
  LABEL_BACKGROUNDS,
  LABEL_COLORS,
  LABEL_NAME_MAX_LENGTH,
  type Label,
  type LabelColor,
} from '@teaminbox/contracts';
import { LabelTag, PageHeading } from '@teaminbox/ui';
import { selectCanWrite, useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { Message } from 'primereact/message';
import {
  defaultLabelsRequested,
  draftChanged,
  labelCreationRequested,
  labelDeletionRequested,
  labelsRequested,
  selectEmailLabels,
} from './emailLabelsSlice';

function CreateLabelForm() {
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const { draft, creating } = useAppSelector(selectEmailLabels);
  const colors = LABEL_COLORS.map((color) => ({ value: color, label: t(`emailLabels.colors.${color}`) }));
  const backgrounds = LABEL_BACKGROUNDS.map((background) => ({
    value: background,
    label: t(background === 'light' ? 'emailLabels.backgroundLight' : 'emailLabels.backgroundSolid'),
  }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(labelCreationRequested());
  };
  const colorOption = (option: { value: LabelColor; label: string } | null) =>
    option ? (
      <LabelTag label={{ name: option.label, color: option.value, backgroundColor: draft.backgroundColor }} />
    ) : null;
  return (
    <Card title={t('emailLabels.createHeading')}>
      <form onSubmit={submit} noValidate className="label-form" data-testid="create-label-form">
        <div className="label-field">
          <label htmlFor="label-name">{t('emailLabels.name')}</label>
          <InputText
            id="label-name"
            value={draft.name}
            maxLength={LABEL_NAME_MAX_LENGTH}
            placeholder={t('emailLabels.namePlaceholder')}
            onChange={(e) => dispatch(draftChanged({ name: e.target.value }))}
            data-testid="label-name-input"
          />
        </div>
        <div className="label-field">
          <label id="label-color-label" htmlFor="label-color">
            {t('emailLabels.color')}
          </label>
          <Dropdown
            inputId="label-color"
            value={draft.color}
            options={colors}
            onChange={(e) => dispatch(draftChanged({ color: e.value as LabelColor }))}
            itemTemplate={colorOption}
            ariaLabelledBy="label-color-label"
            data-testid="label-color-select"
          />
        </div>
        <div className="label-field">
          <span id="label-background-label">{t('emailLabels.backgroundType')}</span>
          <SelectButton
            value={draft.backgroundColor}
            options={backgrounds}
            allowEmpty={false}
            onChange={(e) => dispatch(draftChanged({ backgroundColor: e.value }))}
            aria-labelledby="label-background-label"
            data-testid="label-background-select"
          />
        </div>
        <Button
          type="submit"
          label={t('emailLabels.create')}
          icon="pi pi-plus"
          loading={creating}
          data-testid="label-create-button"
        />
      </form>
      {draft.name.trim() ? (
        <div className="flex align-items-center gap-2 mt-3" data-testid="label-preview">
          <span>{t('emailLabels.preview')}</span>
          <LabelTag label={{ ...draft, name: draft.name.trim() }} testId="label-preview-tag" />
        </div>
      ) : null}
    </Card>
  );
}

function LabelList({
  title,
  labels,
  empty,
  testId,
}: {
  title: string;
  labels: Label[];
  empty: string;
  testId: string;
}) {
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const { deleting } = useAppSelector(selectEmailLabels);
  const canWrite = useAppSelector(selectCanWrite);
  return (
    <Card title={title} data-testid={testId}>
      {labels.length === 0 ? (
        <p className="m-0 text-color-secondary">{empty}</p>
      ) : (
        <ul className="label-list">
          {labels.map((label) => (
            <li key={label.id} className="label-item" data-testid="label-item" data-name={label.name}>
              <LabelTag label={label} />
              {canWrite ? (
                <Button
                  type="button"
                  icon="pi pi-trash"
                  severity="danger"
                  text
                  rounded
                  size="small"
                  loading={deleting.includes(label.id)}
                  aria-label={t('emailLabels.deleteLabel', { name: label.name })}
                  onClick={() => dispatch(labelDeletionRequested(label))}
                  data-testid="label-delete"
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * /admin/email-labels: the team's labels, default ones and the members' own, a form to create one with a live
 * preview, and the default labels on request. Every call goes through the feature's saga.
 */
export default function EmailLabelsPage() {
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const { labels, loading, initializing } = useAppSelector(selectEmailLabels);
  // An auditor reads the labels: no creation, default labels or deletion.
  const canWrite = useAppSelector(selectCanWrite);

  useEffect(() => {
    dispatch(labelsRequested());
  }, [dispatch]);

  const defaults = labels.filter((label) => label.isDefault);
  const own = labels.filter((label) => !label.isDefault);
  return (
    <section>
      <PageHeading title={t('emailLabels.heading')}>
        {canWrite ? (
          <Button
            type="button"
            label={t('emailLabels.initialize')}
            icon="pi pi-bookmark"
            outlined
            loading={initializing}
            onClick={() => dispatch(defaultLabelsRequested())}
            data-testid="labels-initialize"
          />
        ) : null}
      </PageHeading>
      <div className="flex flex-column gap-3">
        {canWrite ? (
          <CreateLabelForm />
        ) : (
          <Message severity="info" text={t('auditor.readOnlyScreen')} data-testid="read-only-notice" />
        )}
        {loading ? (
          <div className="flex justify-content-center" role="status" aria-label={t('emailLabels.loading')}>
            <ProgressSpinner
              style={{ width: 40, height: 40 }}
              aria-label={t('emailLabels.loading')}
              data-testid="labels-loading"
            />
          </div>
        ) : null}
        {!loading && labels.length === 0 ? (
          <p className="m-0" data-testid="labels-empty">
            {t('emailLabels.empty')}
          </p>
        ) : null}
        {labels.length > 0 ? (
          <div className="label-cards">
            <LabelList
              title={t('emailLabels.defaultLabels')}
              labels={defaults}
              empty={t('emailLabels.noDefaultLabels')}
              testId="default-labels"
            />
            <LabelList
              title={t('emailLabels.yourLabels')}
              labels={own}
              empty={t('emailLabels.noYourLabels')}
              testId="your-labels"
            />
          </div>
        ) : null}
      </div>
    </section>
  );
}
