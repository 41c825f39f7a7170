/**
 * The bell's panel and its list, fetched when idle (useLoadWhenIdle) so that a tap finds it ready. NotificationBell imports this module only
 * dynamically, so it is a chunk of its own, and its imports are the only ones vite.config.ts
 * (build.modulePreload) leaves without Vite's preload list: that list appended a <link rel="modulepreload"> per
 * dependency to the head in one task (35 for the create flow, 60-100 ms at Lighthouse's 4x CPU slowdown, inside
 * the dashboard's Total Blocking Time, issue #11). The browser fetches each chunk's imports as it reads it
 * instead; opened at once, the panel still loads through its own import, with the list.
 */
export const loadBellPanelWhenIdle = () => Promise.all([import('./BellPanel'), import('./NotificationList')]);
