import '../../i18n/texts';
import './email-labels.css';
import { useEffect, useState, type FormEvent } from 'react';
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
  type LabelBackground,
  type LabelColor,
} from '@teaminbox/contracts';
import { LabelTag, PageHeading } from '@teaminbox/ui';
import {
  selectCanWrite,
  selectCurrentUser,
  teamApi,
  useAppDispatch,
  useAppSelector,
  useCreateLabelMutation,
  useDeleteLabelMutation,
  useInitializeLabelsMutation,
} from '@teaminbox/web-store';
import { Message } from 'primereact/message';
import { deletionFailureKey, labelNotice } from './labelNotices';

/** The 'Create New Label' form: the spec's new-label defaults are an empty name, primary and a light background. */
interface LabelDraft {
  name: string;
  color: LabelColor;
  backgroundColor: LabelBackground;
}

const NEW_LABEL_DRAFT: LabelDraft = { name: '', color: 'primary', backgroundColor: 'light' };
const NO_LABELS: Label[] = [];

function CreateLabelForm() {
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const teamId = useAppSelector(selectCurrentUser)?.teamId ?? undefined;
  const [draft, setDraft] = useState<LabelDraft>(NEW_LABEL_DRAFT);
  const [create, { isLoading: creating }] = useCreateLabelMutation();
  const draftChanged = (change: Partial<LabelDraft>) => setDraft((current) => ({ ...current, ...change }));
  const colors = LABEL_COLORS.map((color) => ({ value: color, label: t(`emailLabels.colors.${color}`) }));
  const backgrounds = LABEL_BACKGROUNDS.map((background) => ({
    value: background,
    label: t(background === 'light' ? 'emailLabels.backgroundLight' : 'emailLabels.backgroundSolid'),
  }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (creating) return;
    const name = draft.name.trim();
    if (!name) {
      dispatch(labelNotice('error', 'nameRequired'));
      return;
    }
    void create({ name, color: draft.color, backgroundColor: draft.backgroundColor, teamId }).then((result) => {
      if (result.error) {
        // What was typed stays.
        dispatch(labelNotice('error', 'createError'));
        return;
      }
      // Put in the list; the name is cleared (colour and background stay for the next one).
      setDraft((current) => ({ ...current, name: '' }));
      dispatch(labelNotice('success', 'created'));
    });
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
            onChange={(e) => draftChanged({ name: e.target.value })}
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
            onChange={(e) => draftChanged({ color: e.value as LabelColor })}
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
            onChange={(e) => draftChanged({ backgroundColor: e.value as LabelBackground })}
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

/** A label with its delete button; a default label is never sent for deletion (the spec's notice instead). */
function LabelItem({ label, canWrite }: { label: Label; canWrite: boolean }) {
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const [remove, { isLoading: deleting }] = useDeleteLabelMutation();
  const deleteLabel = () => {
    if (label.isDefault) {
      dispatch(labelNotice('error', 'defaultUndeletable'));
      return;
    }
    if (deleting) return;
    void remove(label.id).then((result) => {
      dispatch(
        result.error ? labelNotice('error', deletionFailureKey(result.error)) : labelNotice('success', 'deleted'),
      );
    });
  };
  return (
    <li className="label-item" data-testid="label-item" data-name={label.name}>
      <LabelTag label={label} />
      {canWrite ? (
        <Button
          type="button"
          icon="pi pi-trash"
          severity="danger"
          text
          rounded
          size="small"
          loading={deleting}
          aria-label={t('emailLabels.deleteLabel', { name: label.name })}
          onClick={deleteLabel}
          data-testid="label-delete"
        />
      ) : null}
    </li>
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
  const canWrite = useAppSelector(selectCanWrite);
  return (
    <Card title={title} data-testid={testId}>
      {labels.length === 0 ? (
        <p className="m-0 text-color-secondary">{empty}</p>
      ) : (
        <ul className="label-list">
          {labels.map((label) => (
            <LabelItem key={label.id} label={label} canWrite={canWrite} />
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * /admin/email-labels: the team's labels, default ones and the members' own, a form to create one with a live
 * preview, and the default labels on request. The labels are the one labels cache every screen shares: loaded
 * afresh on each opening once the user is known, and again after every change (here or by a push). A failed load
 * raises the error notice and keeps the labels shown before.
 */
export default function EmailLabelsPage() {
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const teamId = user?.teamId ?? null;
  const [initialize, { isLoading: initializing }] = useInitializeLabelsMutation();
  // Labels belong to a team: without one there is nothing to list (and nothing to ask the server).
  const { data, isFetching, isError } = teamApi.useTeamLabelsQuery(undefined, {
    skip: !teamId,
    refetchOnMountOrArgChange: true,
  });
  // A failed reload keeps the labels shown before (the cache keeps the last answer), with the error notice.
  const labels = teamId ? (data ?? NO_LABELS) : NO_LABELS;
  // The spec: labels load after the current user is known; until then the spinner shows they are on their way.
  const loading = !user || isFetching;
  // An auditor reads the labels: no creation, default labels or deletion.
  const canWrite = useAppSelector(selectCanWrite);

  useEffect(() => {
    // On a load error, loading simply stops (and a notice says so); the list stays as it was.
    if (isError) dispatch(labelNotice('error', 'loadError'));
  }, [dispatch, isError]);

  const initializeDefaults = () => {
    if (initializing) return;
    // Initialized, the list is loaded again.
    void initialize().then((result) => {
      dispatch(labelNotice(result.error ? 'error' : 'success', result.error ? 'initializeError' : 'initialized'));
    });
  };

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
            onClick={initializeDefaults}
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
