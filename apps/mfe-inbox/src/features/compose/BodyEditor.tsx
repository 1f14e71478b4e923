import { useTranslation } from 'react-i18next';
import { Editor } from 'primereact/editor';

/** The toolbar's formats: Quill reads each button's class (`ql-<format>`, with `value` for lists). */
const FORMATS = [
  { className: 'ql-bold', label: 'compose.bold' },
  { className: 'ql-italic', label: 'compose.italic' },
  { className: 'ql-underline', label: 'compose.underline' },
  { className: 'ql-list', value: 'ordered', label: 'compose.orderedList' },
  { className: 'ql-list', value: 'bullet', label: 'compose.bulletList' },
  { className: 'ql-link', label: 'compose.link' },
  { className: 'ql-clean', label: 'compose.clearFormatting' },
] as const;

/**
 * The HTML body as a rich-text editor (PrimeReact's Editor on Quill): bold, italic, underline, lists, links, each a
 * named button. It answers the HTML it holds ('' when empty); the server sanitises what it shows and sends the plain
 * text beside it.
 */
export function BodyEditor({
  value,
  onChange,
  label,
  testId,
}: {
  value: string;
  onChange(html: string): void;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation('inbox');
  const header = (
    <span className="ql-formats">
      {FORMATS.map((format) => (
        <button
          key={`${format.className}-${'value' in format ? format.value : ''}`}
          type="button"
          className={format.className}
          value={'value' in format ? format.value : undefined}
          aria-label={t(format.label)}
          title={t(format.label)}
        />
      ))}
    </span>
  );
  return (
    <div data-testid={testId} aria-label={label} role="group">
      <Editor
        value={value}
        onTextChange={(e) => onChange(e.htmlValue ?? '')}
        headerTemplate={header}
        style={{ height: '12rem' }}
      />
    </div>
  );
}
