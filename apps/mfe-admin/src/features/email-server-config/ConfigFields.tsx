import type { ReactNode } from 'react';
import { Checkbox } from 'primereact/checkbox';
import { InputText, type InputTextProps } from 'primereact/inputtext';

/** A labelled input of the configuration form. */
export function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="config-field flex flex-column gap-1">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** A labelled check box of the configuration form. */
export function Toggle({
  id,
  label,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <div className="config-toggle flex align-items-center gap-2">
      <Checkbox
        inputId={id}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(Boolean(e.checked))}
        data-testid={id}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A labelled text input whose id is also its test id; `onChange` receives the text. */
export function TextField({
  id,
  label,
  onChange,
  ...input
}: { id: string; label: string; onChange: (value: string) => void } & Omit<InputTextProps, 'onChange'>) {
  return (
    <Field id={id} label={label}>
      <InputText id={id} onChange={(e) => onChange(e.target.value)} data-testid={id} {...input} />
    </Field>
  );
}
