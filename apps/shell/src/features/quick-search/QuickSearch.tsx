import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AutoComplete } from 'primereact/autocomplete';
import type { Email } from '@teaminbox/contracts';
import { useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { useNavigate } from '@teaminbox/ui';
import { quickSearchCleared, quickSearchRequested, selectQuickSearch } from './quickSearch.slice';

export const QUICK_SEARCH_DEBOUNCE_MS = 300;

/**
 * The admin shell's quick search (PrimeReact AutoComplete): typing shows up to 5 matching emails in an overlay
 * (debounced 300 ms; arrows move, Enter or a click opens the email, Esc closes); Enter without a chosen result
 * leads to the inbox with the search parameter, a blank one is ignored. '/' focuses it from anywhere.
 */
export function QuickSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { results } = useAppSelector(selectQuickSearch);
  const [value, setValue] = useState('');
  const field = useRef<AutoComplete>(null);

  const reset = () => {
    setValue('');
    dispatch(quickSearchCleared());
  };
  // Runs after the AutoComplete's own keys: a chosen result or Esc has already been handled (default prevented).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented) return;
    const query = value.trim();
    if (!query) return;
    reset();
    navigate(`/admin/inbox?search=${encodeURIComponent(query)}`);
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
