/**
 * The one page-loop of the renderer ("load all pages first", the resources tab's "Load all", the
 * compare page's read of every resource): it ends when the source has no next page, when its caller
 * stops it, or at the one bound — and reaching the bound with pages left is an error, not "all".
 */
import { describe, expect, it } from 'vitest';
import { InfiniteQueryObserver, QueryClient, type InfiniteData } from '@tanstack/react-query';
import { loadAllPages, loadPages, MAX_PAGES, TooManyPagesError } from '../../../renderer/lib/load-all.ts';

interface Row {
  readonly n: number;
}

/** A source with `total` pages (Infinity: one whose cursor never runs out); counts the pages read. */
function pagedSource(total: number) {
  let read = 0;
  return {
    get read() {
      return read;
    },
    next: (): Promise<boolean> => {
      read += 1;
      return Promise.resolve(read < total);
    },
  };
}

describe('loadPages', () => {
  it('reads until the source has no next page', async () => {
    const source = pagedSource(7);
    expect(await loadPages(true, source.next)).toBe('complete');
    expect(source.read).toBe(7);
  });

  it('reads nothing when there is no next page to begin with', async () => {
    const source = pagedSource(7);
    expect(await loadPages(false, source.next)).toBe('complete');
    expect(source.read).toBe(0);
  });

  it('stops when its caller says so, checked before every page', async () => {
    const source = pagedSource(Infinity);
    expect(await loadPages(true, source.next, () => source.read >= 3)).toBe('stopped');
    expect(source.read).toBe(3);
  });

  it(`stops a source that never ends at ${MAX_PAGES} pages and says it was bounded`, async () => {
    const source = pagedSource(Infinity);
    expect(await loadPages(true, source.next)).toBe('bounded');
    expect(source.read).toBe(MAX_PAGES);
    // A source that ends exactly at the bound is complete.
    const exact = pagedSource(MAX_PAGES);
    expect(await loadPages(true, exact.next)).toBe('complete');
  });
});

describe('loadAllPages', () => {
  it('fails with the bound in its message when an infinite query never runs out of pages', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // An in-memory infinite query whose every page (one row) points to another one. Its 10,001 pages are read one
    // by one, so whatever a page costs that grows with the pages so far is paid ~50 million times: React Query's
    // deep compare of the new data with the old (structural sharing) and a `pages.flat()` in `rowsOf` took 20 s of
    // the suite between them. Neither is what this test is about, so the query does without structural sharing
    // and each page is its row.
    const observer = new InfiniteQueryObserver<Row, Error, InfiniteData<Row>, readonly string[], number>(client, {
      queryKey: ['endless'],
      queryFn: ({ pageParam }) => Promise.resolve({ n: pageParam }),
      initialPageParam: 0,
      getNextPageParam: (_last, _all, param) => param + 1,
      structuralSharing: false,
    });
    await observer.refetch();
    const first = observer.getCurrentResult();
    let progress = 0;
    const failure = await loadAllPages(first, (data) => data?.pages ?? [])(new AbortController().signal, (loaded) => {
      progress = loaded;
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TooManyPagesError);
    expect((failure as Error).message).toContain(MAX_PAGES.toLocaleString('en-US'));
    expect(progress).toBe(MAX_PAGES + 1);
    client.clear();
  });
});
