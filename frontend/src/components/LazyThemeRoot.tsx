import { lazy } from 'react';

/** Fetches ThemeRoot's code (and MUI's core with it) ahead of need. */
export const loadThemeRoot = () => import('./ThemeRoot');

/**
 * ThemeRoot (MUI's ThemeProvider with our theme), loaded when first rendered: around the parts of the signed-in
 * screens drawn with MUI (dialogs, menus, panels, and every screen but the dashboard), so that the shell and the
 * dashboard, plain HTML and CSS, draw before MUI's core has loaded. Render it inside a Suspense
 * boundary; what it wraps is usually lazy too, and both load at once.
 */
export const LazyThemeRoot = lazy(() => loadThemeRoot().then((module) => ({ default: module.ThemeRoot })));
