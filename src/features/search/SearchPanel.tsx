/**
 * The search overlay's body, loaded only when a player opens search: a search input (at most 100
 * characters) that asks the platform as the player types, and the results by game and by studio.
 * Requests wait for a short pause in typing and a newer query cancels an older one, so a phone
 * sends few requests and never shows stale results. Keyboard: ArrowDown from the input moves to
 * the results, ArrowUp/ArrowDown move between them, Enter follows the first game, Escape closes.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { graphqlRequest } from '../../lib/graphql-client.ts';
import type { PathContext } from '../../paths.ts';
import { gamePath, studioPath } from '../games/game-paths.ts';
import { fillText } from '../../i18n/fill.ts';
import type { GameFilters } from '../games/types.ts';
import { SearchGamesDocument } from '../../lib/graphql/generated/graphql.ts';
import {
  MAX_SEARCH_LENGTH, nextResultIndex, SEARCH_DEBOUNCE_MS, SEARCH_RESULTS, searchQueryOf, toSearchHits, type SearchHits,
} from './search.ts';

/** Texts of the search panel, translated on the server. */
export interface SearchTexts {
  title: string;
  label: string;
  placeholder: string;
  /** "{count}/{max}". */
  counter: string;
  limitReached: string;
  games: string;
  studios: string;
  /** "{count} games" for a studio hit. */
  studioGames: string;
  /** "{games} games and {studios} studios found". */
  found: string;
  /** "No games or studios match “{query}”". */
  none: string;
  failed: string;
  searching: string;
  open: string;
}

type State =
  | { kind: 'idle' }
  | { kind: 'searching'; query: string }
  | { kind: 'done'; hits: SearchHits }
  | { kind: 'failed'; query: string };

/** The search input and its results. */
export function SearchPanel({ paths, filters, texts }: { paths: PathContext; filters: GameFilters; texts: SearchTexts }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });

  // The dialog focuses its first control when it opens; the input is where the player types.
  useEffect(() => {
    const frame = requestAnimationFrame(() => inputRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  // An empty or blank query shows nothing; the state of an earlier query is simply not shown.
  const query = searchQueryOf(value);
  useEffect(() => {
    if (!query) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      setState({ kind: 'searching', query });
      graphqlRequest(SearchGamesDocument, { query, first: SEARCH_RESULTS, ...filters }, { signal: abort.signal })
        .then((data) => setState({ kind: 'done', hits: toSearchHits(data) }))
        .catch((error: Error) => {
          if (abort.signal.aborted) return;
          console.warn('[search] SearchGames failed:', error.message);
          setState({ kind: 'failed', query });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [query, filters]);

  const results = () => [...(resultsRef.current?.querySelectorAll<HTMLAnchorElement>('a[data-search-result]') ?? [])];
  const move = (event: KeyboardEvent<HTMLElement>, from: number) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = results();
    if (links.length === 0) return;
    event.preventDefault();
    const next = nextResultIndex(from, links.length, event.key);
    if (next < 0) inputRef.current?.focus();
    else links[next]?.focus();
  };

  const shown: State = query ? state : { kind: 'idle' };
  const hits = shown.kind === 'done' ? shown.hits : null;
  const atLimit = value.length >= MAX_SEARCH_LENGTH;
  const status =
    shown.kind === 'searching' ? texts.searching
    : shown.kind === 'failed' ? texts.failed
    : hits && hits.games.length + hits.studios.length === 0 ? fillText(texts.none, { query: hits.query.trim() })
    : hits ? fillText(texts.found, { games: hits.totalCount, studios: hits.studios.length })
    : '';

  return (
    // The panel only delegates arrow keys between its input and result links; it is no control itself.
    <div className="search-panel" role="presentation" onKeyDown={(event) => {
      if (event.target === inputRef.current) return;
      move(event, results().indexOf(event.target as HTMLAnchorElement));
    }}>
      <form role="search" className="search-panel__form" onSubmit={(event) => {
        event.preventDefault();
        results()[0]?.click();
      }}>
        <label className="search-panel__label" htmlFor={`${id}-input`}>{texts.label}</label>
        <input
          ref={inputRef}
          id={`${id}-input`}
          className="search-panel__input"
          type="search"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder={texts.placeholder}
          value={value}
          aria-describedby={`${id}-limit`}
          onChange={(event) => setValue(event.target.value.slice(0, MAX_SEARCH_LENGTH))}
          onKeyDown={(event) => move(event, -1)}
          data-testid="search-input"
        />
        <p id={`${id}-limit`} className={`search-panel__limit${atLimit ? ' search-panel__limit--reached' : ''}`}>
          {atLimit ? fillText(texts.limitReached, { max: MAX_SEARCH_LENGTH }) : fillText(texts.counter, { count: value.length, max: MAX_SEARCH_LENGTH })}
        </p>
      </form>
      <p className="search-panel__status" role="status" data-testid="search-status">{status}</p>
      <div ref={resultsRef} className="search-panel__results" aria-busy={shown.kind === 'searching'}>
        {hits && hits.studios.length > 0 && (
          <section aria-labelledby={`${id}-studios`} data-testid="search-studios">
            <h3 id={`${id}-studios`} className="search-panel__heading">{texts.studios}</h3>
            <ul className="search-panel__studios">
              {hits.studios.map((studio) => (
                <li key={studio.slug}>
                  <a data-search-result href={studioPath(paths, studio.slug)} className="search-panel__studio">
                    <span>{studio.name}</span>
                    <span className="search-panel__meta">{fillText(texts.studioGames, { count: studio.gameCount })}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
        {hits && hits.games.length > 0 && (
          <section aria-labelledby={`${id}-games`} data-testid="search-games">
            <h3 id={`${id}-games`} className="search-panel__heading">{texts.games}</h3>
            <ul className="search-panel__games">
              {hits.games.map((game) => (
                <li key={game.slug}>
                  <a data-search-result href={gamePath(paths, game.slug)} className="search-panel__game">
                    <img src={game.imageUrl} width={48} height={64} alt="" loading="lazy" decoding="async" />
                    <span className="search-panel__text">
                      <span className="search-panel__name">{game.name}</span>
                      <span className="search-panel__meta">{game.studioName}</span>
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
