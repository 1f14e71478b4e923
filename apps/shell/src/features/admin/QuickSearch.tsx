import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import type { Email } from '@teaminbox/contracts';
import { inboxApi } from '@teaminbox/api-client';

export const QUICK_SEARCH_DEBOUNCE_MS = 300;
export const QUICK_SEARCH_RESULTS = 5;

/**
 * The admin shell's quick search: typing shows up to 5 matching emails (debounced 300 ms, the same query
 * twice is asked once, blank input hides the results; a failure is only logged and hides them); a result
 * opens its email; Enter leads to the inbox with the search parameter, a blank one is ignored.
 */
export function QuickSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [results, setResults] = useState<Email[]>([]);
  const asked = useRef('');

  useEffect(() => {
    const query = value.trim();
    if (!query) {
      asked.current = '';
      return;
    }
    const timer = setTimeout(() => {
      if (query === asked.current) return;
      asked.current = query;
      inboxApi.searchEmails(query, 0, QUICK_SEARCH_RESULTS).then(
        (page) => asked.current === query && setResults(page.content),
        (error: unknown) => {
          console.warn('Quick search failed', error);
          setResults([]);
        },
      );
    }, QUICK_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);

  const shown = value.trim() ? results : [];
  const close = () => {
    setValue('');
    setResults([]);
    asked.current = '';
  };

  return (
    <div style={{ position: 'relative' }}>
      <IconField iconPosition="left">
        <InputIcon className="pi pi-search" />
        <InputText
          type="search"
          value={value}
          placeholder={t('nav.searchPlaceholder')}
          aria-label={t('nav.searchPlaceholder')}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') return close();
            if (e.key !== 'Enter') return;
            const query = value.trim();
            if (!query) return;
            close();
            navigate(`/admin/inbox?search=${encodeURIComponent(query)}`);
          }}
          data-testid="quick-search"
        />
      </IconField>
      {shown.length > 0 ? (
        <ul
          className="list-none m-0 p-1 surface-overlay border-1 surface-border border-round shadow-2"
          style={{ position: 'absolute', top: '100%', left: 0, right: 0, zIndex: 1000 }}
          data-testid="quick-search-results"
        >
          {shown.map((email) => (
            <li key={email.id}>
              <button
                type="button"
                className="w-full text-left p-2 border-none surface-overlay cursor-pointer"
                onClick={() => {
                  close();
                  navigate(`/admin/email-detail/${email.id}`);
                }}
                data-testid="quick-search-result"
              >
                <div className="font-semibold">{email.subject}</div>
                <div className="text-sm text-color-secondary">{email.fromName || email.fromEmail}</div>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
