import { Tag } from 'primereact/tag';
import type { Email } from '@teaminbox/contracts';

/** The inbox's status colours (spec): new green, in_progress yellow, resolved teal, closed grey; text at 4.5:1 or more. */
const STATUS_STYLE: Record<Email['status'], { background: string; color: string }> = {
  NEW: { background: 'var(--green-500, #22c55e)', color: '#052e16' },
  IN_PROGRESS: { background: 'var(--yellow-500, #eab308)', color: '#1f2937' },
  RESOLVED: { background: 'var(--teal-500, #14b8a6)', color: '#042f2e' },
  CLOSED: { background: 'var(--gray-500, #6b7280)', color: '#ffffff' },
};

/** Priority colours (spec): high red, medium yellow, low green. */
const PRIORITY_STYLE: Record<Email['priority'], { background: string; color: string }> = {
  HIGH: { background: 'var(--red-500, #ef4444)', color: '#000000' },
  MEDIUM: { background: 'var(--yellow-500, #eab308)', color: '#1f2937' },
  LOW: { background: 'var(--green-500, #22c55e)', color: '#052e16' },
};

/** An email's status and priority as small coloured tags, lowercased as the spec shows them. */
export function StatusTags({ email }: { email: Pick<Email, 'status' | 'priority'> }) {
  return (
    <span className="inline-flex gap-1" data-testid="email-tags">
      <Tag
        value={email.status.toLowerCase()}
        style={STATUS_STYLE[email.status]}
        data-testid="email-status"
        data-status={email.status}
      />
      <Tag
        value={email.priority.toLowerCase()}
        style={PRIORITY_STYLE[email.priority]}
        data-testid="email-priority"
        data-priority={email.priority}
      />
    </span>
  );
}
