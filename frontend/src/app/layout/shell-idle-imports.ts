/**
 * The account menu, fetched when idle (useLoadWhenIdle). AppShell imports this module only dynamically, so it
 * is a chunk of its own, whose imports go without Vite's preload list (why: build.modulePreload in
 * vite.config.ts).
 */
export const loadAccountMenuWhenIdle = () => import('./AccountMenu');
