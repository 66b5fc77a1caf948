/**
 * The header's search launcher. Before hydration (or without JavaScript) it is a link to the games
 * page's own search form; hydrated, it is a button that opens the search overlay (the overlay
 * host's `search` variant). The panel's code is fetched only when a player opens search, so the
 * lobby's first load carries just this button.
 */
import { useHydrated } from '../session/use-hydrated.ts';
import { loadOverlayDialog } from '../overlay/load-dialog.ts';
import { openOverlay } from '../overlay/store.ts';
import type { PathContext } from '../../paths.ts';
import type { GameFilters } from '../games/types.ts';
import type { SearchTexts } from './SearchPanel.tsx';

function Magnifier() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M15.5 15.5L21 21" />
    </svg>
  );
}

/** Props of the launcher. */
export interface SearchButtonProps {
  /** The games page's search form, for the no-JavaScript link. */
  fallbackHref: string;
  paths: PathContext;
  filters: GameFilters;
  texts: SearchTexts;
}

/** Opens the search overlay. */
export default function SearchButton({ fallbackHref, paths, filters, texts }: SearchButtonProps) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <a className="search-launch" href={fallbackHref} aria-label={texts.open}>
        <Magnifier />
      </a>
    );
  }
  const open = async () => {
    void loadOverlayDialog().catch(() => undefined);
    const { SearchPanel } = await import('./SearchPanel.tsx');
    openOverlay({ variant: 'search', title: texts.title, body: <SearchPanel paths={paths} filters={filters} texts={texts} /> });
  };
  return (
    <button type="button" className="search-launch" aria-label={texts.open} aria-haspopup="dialog" onClick={() => void open()} data-testid="search-open">
      <Magnifier />
    </button>
  );
}
