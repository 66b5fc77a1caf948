import { describe, expect, it } from 'vitest';
import {
  CATEGORY_PAGING, gamesThroughPage, LIST_PAGING, maxPage, MAX_GAMES_PER_RENDER, pagingFor, parsePageParam,
  requestSizes, STUDIO_PAGING,
} from './paging.ts';

describe('grid paging', () => {
  it('studios show 20 games first and 30 per load; lists 10 and 10', () => {
    expect(pagingFor({ kind: 'studio', slug: 'x' })).toBe(STUDIO_PAGING);
    expect(pagingFor({ kind: 'list', slug: 'x' })).toBe(LIST_PAGING);
    expect(pagingFor({ kind: 'category', slug: 'x' })).toBe(CATEGORY_PAGING);
    expect([1, 2, 3].map((page) => gamesThroughPage(STUDIO_PAGING, page))).toEqual([20, 50, 80]);
    expect([1, 2, 3].map((page) => gamesThroughPage(LIST_PAGING, page))).toEqual([10, 20, 30]);
  });

  it('reads ?page= as a whole number, page 1 for anything else, capped so a render stays bounded', () => {
    expect(parsePageParam(null, LIST_PAGING)).toBe(1);
    expect(parsePageParam('3', LIST_PAGING)).toBe(3);
    for (const bad of ['0', '-2', 'abc', '1.5', '2e3', '']) expect(parsePageParam(bad, LIST_PAGING), bad).toBe(1);
    expect(parsePageParam('9999', LIST_PAGING)).toBe(maxPage(LIST_PAGING));
    expect(gamesThroughPage(LIST_PAGING, maxPage(LIST_PAGING))).toBeLessThanOrEqual(MAX_GAMES_PER_RENDER);
    expect(gamesThroughPage(STUDIO_PAGING, maxPage(STUDIO_PAGING))).toBeLessThanOrEqual(MAX_GAMES_PER_RENDER);
  });

  it('splits a render into platform requests of at most 100 games', () => {
    expect(requestSizes(20)).toEqual([20]);
    expect(requestSizes(250)).toEqual([100, 100, 50]);
  });
});
