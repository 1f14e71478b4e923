import '../../i18n/texts';
import './rules.css';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import {
  PRIORITIES,
  isAssignableRole,
  RULE_ACTION_TYPES,
  RULE_CONDITION_FIELDS,
  RULE_MATCH_MODES,
  RULE_OPERATORS,
  RULE_STATUS_OPTIONS,
  type Rule,
  type RuleAction,
  type RuleCondition,
  type RuleTooSlow,
} from '@teaminbox/contracts';
import { PageHeading } from '@teaminbox/ui';
import {
  selectCurrentUser,
  useAppSelector,
  useDeleteRuleMutation,
  useSaveRuleMutation,
  useTeamLabels,
  useTeamMembers,
  useTeamRulesQuery,
} from '@teaminbox/web-store';
import {
  canManageRules,
  draftOf,
  newAction,
  newCondition,
  newRule,
  type RuleDraft,
  valueInputOf,
  withActionType,
  withConditionField,
} from './ruleEditor';

/**
 * A rule the engine stopped on incoming mail for running past its budget: a warning badge that opens (and, on hover,
 * shows as a tooltip) how often, when last, and what to simplify.
 */
function TooSlowFlag({ tooSlow }: { tooSlow: RuleTooSlow }) {
  const { t, i18n } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const hint = t('rules.tooSlowHint', {
    times: tooSlow.times,
    date: new Date(tooSlow.at).toLocaleString(i18n.language),
  });
  return (
    <>
      <button
        type="button"
        className="rule-too-slow"
        title={hint}
        aria-expanded={open}
        aria-controls={detailId}
        onClick={() => setOpen((shown) => !shown)}
        data-testid="rule-too-slow"
      >
        <Tag severity="warning" icon="pi pi-exclamation-triangle" value={t('rules.tooSlow')} />
      </button>
      {open ? (
        <p id={detailId} className="rule-hint rule-too-slow-detail" data-testid="rule-too-slow-detail">
          {hint}
        </p>
      ) : null}
    </>
  );
}

/** Spec section 2: name, priority, 'Zap'/'Vyp', Edit and Delete, and a 'new rule' button. */
function RulesTable({
  rules,
  loading,
  manage,
  onEdit,
}: {
  rules: Rule[];
  loading: boolean;
  manage: boolean;
  onEdit: (rule: Rule) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Card>
      <DataTable
        value={rules}
        dataKey="id"
        loading={loading && rules.length === 0}
        emptyMessage={loading ? t('rules.loading') : t('rules.empty')}
        rowClassName={() => 'rule-row'}
        data-testid="rules-table"
      >
        <Column
          field="name"
          header={t('rules.name')}
          body={(rule: Rule) => (
            <div className="rule-name-cell">
              <span data-testid="rule-name">{rule.name}</span>
              {rule.tooSlow ? <TooSlowFlag tooSlow={rule.tooSlow} /> : null}
            </div>
          )}
        />
        <Column
          field="priority"
          header={t('rules.priority')}
          body={(rule: Rule) => <span data-testid="rule-priority">{rule.priority}</span>}
        />
        <Column
          header={t('rules.status')}
          body={(rule: Rule) => (
            <Tag
              value={rule.enabled ? t('rules.statusOn') : t('rules.statusOff')}
              severity={rule.enabled ? 'success' : 'secondary'}
              data-testid="rule-status"
            />
          )}
        />
        <Column
          hidden={!manage}
          body={(rule: Rule) => (
            <div className="flex gap-2 justify-content-end">
              <Button
                type="button"
                label={t('rules.edit')}
                icon="pi pi-pencil"
                size="small"
                outlined
                onClick={() => onEdit(rule)}
                data-testid="rule-edit"
              />
              <DeleteRuleButton id={rule.id} />
            </div>
          )}
        />
      </DataTable>
    </Card>
  );
}

/** Delete, busy while its rule's deletion is under way (a failure is only logged, spec section 8). */
function DeleteRuleButton({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  const [remove, { isLoading }] = useDeleteRuleMutation();
  return (
    <Button
      type="button"
      label={t('rules.delete')}
      icon="pi pi-trash"
      size="small"
      severity="danger"
      outlined
      loading={isLoading}
      onClick={() => void remove(id)}
      data-testid="rule-delete"
    />
  );
}

function ConditionRow({
  condition,
  index,
  onChange,
  onRemove,
}: {
  condition: RuleCondition;
  index: number;
  onChange: (condition: RuleCondition) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('admin');
  const fields = RULE_CONDITION_FIELDS.map((value) => ({ value, label: t(`rules.fields.${value}`) }));
  const operators = RULE_OPERATORS.map((value) => ({ value, label: t(`rules.operators.${value}`) }));
  return (
    <div className="rule-line flex gap-2 flex-wrap align-items-center" data-testid="rule-condition">
      <Dropdown
        value={condition.field}
        options={fields}
        onChange={(e) => onChange(withConditionField(condition, e.value))}
        aria-label={`${t('rules.field')} ${index + 1}`}
        data-testid="condition-field"
      />
      {condition.field === 'HEADER' ? (
        <InputText
          value={condition.headerName ?? ''}
          placeholder={t('rules.headerName')}
          aria-label={t('rules.headerName')}
          onChange={(e) => onChange({ ...condition, headerName: e.target.value })}
          data-testid="condition-header"
        />
      ) : null}
      <Dropdown
        value={condition.operator}
        options={operators}
        onChange={(e) => onChange({ ...condition, operator: e.value })}
        aria-label={`${t('rules.operator')} ${index + 1}`}
        data-testid="condition-operator"
      />
      <InputText
        className="flex-1"
        value={condition.value}
        placeholder={t('rules.value')}
        aria-label={`${t('rules.value')} ${index + 1}`}
        onChange={(e) => onChange({ ...condition, value: e.target.value })}
        data-testid="condition-value"
      />
      <Button
        type="button"
        icon="pi pi-times"
        text
        severity="danger"
        aria-label={t('rules.removeCondition')}
        onClick={onRemove}
        data-testid="condition-remove"
      />
    </div>
  );
}

function ActionValue({ action, onChange }: { action: RuleAction; onChange: (value: string) => void }) {
  const { t } = useTranslation('admin');
  // Spec section 8: a member or label load failure gives an empty list.
  const members = useTeamMembers();
  const labels = useTeamLabels();
  const select = (options: { value: string; label: string }[], placeholder: string) => (
    <Dropdown
      value={action.value ?? ''}
      options={options}
      placeholder={placeholder}
      onChange={(e) => onChange(e.value)}
      aria-label={t('rules.value')}
      data-testid="action-value"
    />
  );
  switch (valueInputOf(action.type)) {
    case 'member':
      return select(
        // Auditors are never assigned: the server refuses a rule naming one.
        members.filter((m) => isAssignableRole(m.role)).map((m) => ({ value: m.id, label: m.name || m.email })),
        t('rules.selectMember'),
      );
    case 'label':
      return select(
        labels.map((l) => ({ value: l.id, label: l.name })),
        t('rules.selectLabel'),
      );
    case 'priority':
      return select(
        PRIORITIES.map((p) => ({ value: p, label: t(`rules.priorities.${p}`) })),
        t('rules.selectPriority'),
      );
    case 'status':
      return select(
        RULE_STATUS_OPTIONS.map((s) => ({ value: s, label: t(`rules.statuses.${s}`) })),
        t('rules.selectStatus'),
      );
    case 'text':
      return (
        <InputText
          value={action.value ?? ''}
          placeholder={t('rules.value')}
          aria-label={t('rules.value')}
          onChange={(e) => onChange(e.target.value)}
          data-testid="action-value"
        />
      );
    case 'none':
      return null;
  }
}

function ActionRow({
  action,
  index,
  onChange,
  onRemove,
}: {
  action: RuleAction;
  index: number;
  onChange: (action: RuleAction) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('admin');
  const types = RULE_ACTION_TYPES.map((value) => ({ value, label: t(`rules.actionTypes.${value}`) }));
  const vacationId = `rule-action-vacation-${index}`;
  const reassignId = `rule-action-reassign-${index}`;
  const assigns = action.type === 'ASSIGN_TO_USER' || action.type === 'ASSIGN_LAST_RESPONDER';
  return (
    <div className="rule-line flex gap-2 flex-wrap align-items-center" data-testid="rule-action">
      <Dropdown
        value={action.type}
        options={types}
        onChange={(e) => onChange(withActionType(action, e.value))}
        aria-label={`${t('rules.actionType')} ${index + 1}`}
        data-testid="action-type"
      />
      <ActionValue action={action} onChange={(value) => onChange({ ...action, value })} />
      <span className="flex align-items-center gap-1">
        <Checkbox
          inputId={vacationId}
          checked={action.skipIfOnVacation}
          onChange={(e) => onChange({ ...action, skipIfOnVacation: !!e.checked })}
          data-testid="action-vacation"
        />
        <label htmlFor={vacationId}>{t('rules.skipIfOnVacation')}</label>
      </span>
      {assigns && (
        <span className="flex align-items-center gap-1">
          <Checkbox
            inputId={reassignId}
            checked={action.reassignConversation === true}
            onChange={(e) => onChange({ ...action, reassignConversation: !!e.checked })}
            data-testid="action-reassign-conversation"
          />
          <label htmlFor={reassignId}>{t('rules.reassignConversation')}</label>
        </span>
      )}
      <Button
        type="button"
        icon="pi pi-times"
        text
        severity="danger"
        aria-label={t('rules.removeAction')}
        onClick={onRemove}
        data-testid="action-remove"
      />
    </div>
  );
}

const replaceAt = <T,>(items: readonly T[], index: number, item: T) => items.map((x, i) => (i === index ? item : x));
const removeAt = <T,>(items: readonly T[], index: number) => items.filter((_, i) => i !== index);

/** Spec section 2: name, priority, enabled, suppress, conditions and actions with add and remove, Save and Cancel. */
function RuleEditor({ initial, onClose }: { initial: RuleDraft; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [save, { isLoading: saving }] = useSaveRuleMutation();
  const [draft, setDraft] = useState<RuleDraft>(initial);
  const set = (patch: Partial<RuleDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    // Saved: back to the list, which loads again. A failure is only logged (spec section 8): the editor stays open.
    void save(draft).then((result) => {
      if (!result.error) onClose();
    });
  };
  const matchModes = RULE_MATCH_MODES.map((value) => ({
    value,
    label: t(value === 'ALL' ? 'rules.matchAll' : 'rules.matchAny'),
  }));
  return (
    <Card title={initial.id ? t('rules.editRule') : t('rules.createRule')}>
      <form onSubmit={submit} className="rule-editor flex flex-column gap-3" data-testid="rule-editor">
        <div className="flex flex-column gap-1">
          <label htmlFor="rule-name">{t('rules.name')}</label>
          <InputText
            id="rule-name"
            value={draft.name}
            onChange={(e) => set({ name: e.target.value })}
            data-testid="rule-name-input"
          />
        </div>
        <div className="flex gap-4 flex-wrap align-items-end">
          <div className="flex flex-column gap-1">
            <label htmlFor="rule-priority">{t('rules.priority')}</label>
            <InputNumber
              inputId="rule-priority"
              value={draft.priority}
              useGrouping={false}
              onValueChange={(e) => set({ priority: e.value ?? 0 })}
              data-testid="rule-priority-input"
            />
          </div>
          <div className="flex align-items-center gap-2">
            <InputSwitch
              inputId="rule-enabled"
              checked={draft.enabled}
              onChange={(e) => set({ enabled: !!e.value })}
              data-testid="rule-enabled"
            />
            <label htmlFor="rule-enabled">{t('rules.enabled')}</label>
          </div>
          <div className="flex align-items-center gap-2">
            <InputSwitch
              inputId="rule-suppress"
              checked={draft.suppressNotifications}
              onChange={(e) => set({ suppressNotifications: !!e.value })}
              data-testid="rule-suppress"
            />
            <label htmlFor="rule-suppress">{t('rules.suppressNotifications')}</label>
          </div>
          <div className="flex flex-column gap-1">
            <label htmlFor="rule-match">{t('rules.matchMode')}</label>
            <Dropdown
              inputId="rule-match"
              value={draft.matchMode}
              options={matchModes}
              onChange={(e) => set({ matchMode: e.value })}
              data-testid="rule-match"
            />
          </div>
        </div>

        <fieldset className="rule-group" data-testid="rule-conditions">
          <legend>{t('rules.conditions')}</legend>
          {draft.conditions.length === 0 ? <p className="rule-hint">{t('rules.noConditions')}</p> : null}
          {draft.conditions.map((condition, index) => (
            <ConditionRow
              key={index}
              index={index}
              condition={condition}
              onChange={(changed) => set({ conditions: replaceAt(draft.conditions, index, changed) })}
              onRemove={() => set({ conditions: removeAt(draft.conditions, index) })}
            />
          ))}
          <Button
            type="button"
            label={t('rules.addCondition')}
            icon="pi pi-plus"
            text
            onClick={() => set({ conditions: [...draft.conditions, newCondition()] })}
            data-testid="condition-add"
          />
        </fieldset>

        <fieldset className="rule-group" data-testid="rule-actions">
          <legend>{t('rules.actions')}</legend>
          {draft.actions.length === 0 ? <p className="rule-hint">{t('rules.noActions')}</p> : null}
          {draft.actions.map((action, index) => (
            <ActionRow
              key={index}
              index={index}
              action={action}
              onChange={(changed) => set({ actions: replaceAt(draft.actions, index, changed) })}
              onRemove={() => set({ actions: removeAt(draft.actions, index) })}
            />
          ))}
          <Button
            type="button"
            label={t('rules.addAction')}
            icon="pi pi-plus"
            text
            onClick={() => set({ actions: [...draft.actions, newAction()] })}
            data-testid="action-add"
          />
        </fieldset>

        <div className="flex gap-2">
          <Button type="submit" label={t('rules.save')} icon="pi pi-check" loading={saving} data-testid="rule-save" />
          <Button type="button" label={t('rules.cancel')} outlined onClick={onClose} data-testid="rule-cancel" />
        </div>
      </form>
    </Card>
  );
}

const NO_RULES: Rule[] = [];

/** /admin/rules: the team's automatic rules, as a table or, while one is edited, its editor. */
export default function RulesPage() {
  const { t } = useTranslation('admin');
  // The rule in the editor (a copy, or a new rule with the defaults); null shows the table.
  const [editing, setEditing] = useState<RuleDraft | null>(null);
  const manage = canManageRules(useAppSelector(selectCurrentUser)?.role);
  // No push tells of other members' changes: the rules load again whenever the screen opens. A load failure is only
  // logged (spec section 8): the list keeps what it showed.
  const { data: rules = NO_RULES, isFetching } = useTeamRulesQuery(undefined, { refetchOnMountOrArgChange: true });
  // The members and labels the actions name load with the screen, not only when an action's value is chosen.
  useTeamMembers();
  useTeamLabels();
  return (
    <div className="rules-page p-3" data-testid="rules-page">
      <PageHeading title={t('rules.heading')}>
        {editing || !manage ? null : (
          <Button
            type="button"
            label={t('rules.newRule')}
            icon="pi pi-plus"
            onClick={() => setEditing(newRule(rules.length))}
            data-testid="rule-new"
          />
        )}
      </PageHeading>
      {editing && manage ? (
        <RuleEditor key={editing.id ?? 'new'} initial={editing} onClose={() => setEditing(null)} />
      ) : (
        <RulesTable rules={rules} loading={isFetching} manage={manage} onEdit={(rule) => setEditing(draftOf(rule))} />
      )}
    </div>
  );
}
