import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AutoComplete } from 'primereact/autocomplete';
import type { Email } from '@teaminbox/contracts';
import { useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { useNavigate } from '@teaminbox/ui';
import { quickSearchCleared, quickSearchRequested, selectQuickSearch } from './quickSearch.slice';
import { QUICK_SEARCH_DEBOUNCE_MS, quickSearchPath } from './quick-search';

export interface QuickSearchFieldProps {
  /** What was typed into the field that held its place before it loaded. */
  initialValue: string;
  /** That field had the focus: this one takes it over (and searches what was typed). */
  focused: boolean;
}

/**
 * The admin shell's quick search (PrimeReact AutoComplete): typing shows up to 5 matching emails in an overlay
 * (debounced 300 ms; arrows move, Enter or a click opens the email, Esc closes); Enter without a chosen result
 * leads to the inbox with the search parameter, a blank one is ignored. '/' focuses it from anywhere.
 */
export function QuickSearchField({ initialValue, focused }: QuickSearchFieldProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { results } = useAppSelector(selectQuickSearch);
  const [value, setValue] = useState(initialValue);
  const field = useRef<AutoComplete>(null);
  // Taking over from the placeholder (once, on mount): keep the focus, and show the results of what was typed.
  const [takeOver] = useState({ focused, initialValue });
  useEffect(() => {
    if (!takeOver.focused) return;
    document.getElementById('quick-search')?.focus();
    const typed = takeOver.initialValue;
    if (typed.trim()) field.current?.search(new Event('input') as never, typed, 'input');
  }, [takeOver]);

  const reset = () => {
    setValue('');
    dispatch(quickSearchCleared());
  };
  // Runs after the AutoComplete's own keys: a chosen result or Esc has already been handled (default prevented).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented) return;
    const path = quickSearchPath(value);
    if (!path) return;
    reset();
    navigate(path);
  };

  return (
    <div className="shell-search" onKeyDown={onKeyDown} role="search">
      <AutoComplete
        ref={field}
        inputId="quick-search"
        value={value}
        suggestions={results}
        completeMethod={(event) => dispatch(quickSearchRequested(event.query))}
        delay={QUICK_SEARCH_DEBOUNCE_MS}
        field="subject"
        onChange={(event) => {
          const text = typeof event.value === 'string' ? event.value : '';
          setValue(text);
          // Blank input shows no results.
          if (!text.trim()) field.current?.hide();
        }}
        onSelect={(event) => {
          reset();
          navigate(`/admin/email-detail/${(event.value as Email).id}`);
        }}
        itemTemplate={(email: Email) => (
          <div data-testid="quick-search-result">
            <div className="font-semibold white-space-nowrap overflow-hidden text-overflow-ellipsis">
              {email.subject}
            </div>
            <div className="text-sm">{email.fromName || email.fromEmail}</div>
          </div>
        )}
        placeholder={t('nav.searchPlaceholder')}
        inputClassName="w-full"
        className="w-full"
        panelClassName="shell-search-panel"
        pt={{
          input: {
            root: { 'data-testid': 'quick-search', type: 'search', 'aria-label': t('nav.searchPlaceholder') } as object,
          },
          panel: { 'data-testid': 'quick-search-results' } as object,
          list: { 'aria-label': t('nav.searchResults') } as object,
        }}
      />
    </div>
  );
}
