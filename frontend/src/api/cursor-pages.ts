/**
 * The lists the server pages by a keyset cursor answer `{ items, nextBefore }`; the next page is asked with
 * `before=<nextBefore>` and there is none when it is null (docs/performance.md, "Paging").
 */
export function cursorPages<Cursor extends string | number>() {
  return {
    initialPageParam: null as Cursor | null,
    getNextPageParam: (last: { nextBefore: Cursor | null }) => last.nextBefore,
  };
}
