import { configure } from '@testing-library/react';

// findBy… and waitFor give up after 1 s by default; on a 2-core runner shared with builds a page's first
// render can take longer than that, which is not a failure of the page. A missing element still fails, later.
configure({ asyncUtilTimeout: 10_000 });
