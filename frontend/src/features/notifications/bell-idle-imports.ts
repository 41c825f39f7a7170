/**
 * The bell's panel and its list, fetched when idle (useLoadWhenIdle). NotificationBell imports this module
 * only dynamically, so it is a chunk of its own, whose imports go without Vite's preload list (why:
 * build.modulePreload in vite.config.ts).
 */
export const loadBellPanelWhenIdle = () => Promise.all([import('./BellPanel'), import('./NotificationList')]);
