import { Component, lazy, Suspense, useState, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@teaminbox/ui';
import { useAfterFirstScreen } from '../../app/useAfterFirstScreen';
import { quickSearchPath } from './quick-search';

/** The AutoComplete and what it imports load once the first screen is shown. */
const QuickSearchField = lazy(async () => ({ default: (await import('./QuickSearchField')).QuickSearchField }));

/** Should the AutoComplete's code not load, the placeholder stays: the search by Enter still works. */
class FieldBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.warn('the quick search could not load its results list', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * The header's quick search. Until its AutoComplete has loaded, a field of the same look holds its place and
 * already works: '/' focuses it, what is typed there is kept (and searched as soon as the AutoComplete takes over,
 * with the focus), and Enter leads to the inbox searching it.
 */
export function QuickSearch() {
  const { t } = useTranslation();
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
    <FieldBoundary fallback={placeholder}>
      <Suspense fallback={placeholder}>
        <QuickSearchField initialValue={draft} focused={focused} />
      </Suspense>
    </FieldBoundary>
  );
}
