import type { Label } from '@teaminbox/contracts';

/** A label as a small pill in its colour, on a solid or a light background (readable in light and dark themes). */
export function LabelTag({
  label,
  testId = 'label-tag',
}: {
  label: Pick<Label, 'name' | 'color' | 'backgroundColor'>;
  testId?: string;
}) {
  return (
    <span
      className={`label-tag label-tag--${label.color} label-tag--${label.backgroundColor}`}
      data-color={label.color}
      data-background={label.backgroundColor}
      data-testid={testId}
    >
      {label.name}
    </span>
  );
}
