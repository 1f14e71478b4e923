import { Editor } from 'primereact/editor';

/**
 * The HTML body as a rich-text editor (PrimeReact's Editor on Quill): bold, italic, underline, lists, links. It
 * answers the HTML it holds ('' when empty); the server sanitises what it shows and sends the plain text beside it.
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
  return (
    <div data-testid={testId} aria-label={label} role="group">
      <Editor
        value={value}
        onTextChange={(e) => onChange(e.htmlValue ?? '')}
        style={{ height: '12rem' }}
        pt={{ content: { 'aria-label': label } as never }}
      />
    </div>
  );
}
