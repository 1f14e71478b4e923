import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@teaminbox/ui';
import { useAfterFirstScreen } from '../../app/useAfterFirstScreen';
import { LazyPart } from '../../app/LazyPart';
import { quickSearchPath } from './quick-search';

/** The AutoComplete and what it imports load once the first screen is shown. */
const QuickSearchField = lazy(async () => ({ default: (await import('./QuickSearchField')).QuickSearchField }));

/**
 * The header's quick search. Until its AutoComplete has loaded, a field of the same look holds its place and
 * already works: '/' focuses it, what is typed there is kept (and searched as soon as the AutoComplete takes over,
 * with the focus), and Enter leads to the inbox searching it.
 */
export function QuickSearch() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const firstScreenShown = useAfterFirstScreen();
  const [draft, setDraft] = useState('');
  const [focused, setFocused] = useState(false);

  const placeholder = (
    <div className="shell-search" role="search">
      <span className="p-autocomplete p-component p-inputwrapper w-full">
        <input
          id="quick-search"
          data-testid="quick-search"
          type="search"
          aria-label={t('nav.searchPlaceholder')}
          placeholder={t('nav.searchPlaceholder')}
          className="p-inputtext p-component p-autocomplete-input w-full"
          autoComplete="off"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            const path = quickSearchPath(draft);
            if (!path) return;
            setDraft('');
            navigate(path);
          }}
        />
      </span>
    </div>
  );
  if (!firstScreenShown) return placeholder;
  return (
    // Should its code not load, the placeholder stays: the search by Enter still works.
    <LazyPart name="the quick search's results list" loading={placeholder}>
      <QuickSearchField initialValue={draft} focused={focused} />
    </LazyPart>
  );
}
