import type { ReactNode } from 'react';
import { Card } from 'primereact/card';
import { InputText } from 'primereact/inputtext';

/**
 * A labelled text input of the account forms (sign in, register, reset and set password): its id is also its test
 * id, a required one shows a star beside its label, and an `error`
 * marks it invalid and stands below it.
 */
export function FormField({
  id,
  label,
  value,
  onChange,
  type = 'text',
  required = false,
  autoComplete,
  error,
  onBlur,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  required?: boolean;
  autoComplete?: string;
  error?: string | null;
  onBlur?: () => void;
}) {
  return (
    <>
      <label htmlFor={id}>
        {label}
        {required ? (
          <>
            {' '}
            <span aria-hidden>*</span>
          </>
        ) : null}
      </label>
      <InputText
        id={id}
        type={type}
        required={required}
        autoComplete={autoComplete}
        value={value}
        invalid={Boolean(error)}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        data-testid={id}
      />
      {error ? <small className="p-error">{error}</small> : null}
    </>
  );
}

/** What the invitation screen gives the Login and Register forms it embeds (an invitation id goes with the form). */
export interface AccountFormProps {
  invitationId?: string;
  initialEmail?: string;
  embedded?: boolean;
}

/** A public account screen: its form on a card in the middle of the page. */
export function AccountScreen({ children }: { children: ReactNode }) {
  return (
    <div className="flex justify-content-center p-3">
      <Card style={{ width: '100%', maxWidth: 440 }}>{children}</Card>
    </div>
  );
}
