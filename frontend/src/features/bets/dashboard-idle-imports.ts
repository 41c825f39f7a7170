/**
 * MUI's theme and the create flow, fetched when idle (useLoadWhenIdle). DashboardPage imports this module
 * only dynamically, so it is a chunk of its own, whose imports go without Vite's preload list (why:
 * build.modulePreload in vite.config.ts).
 */
export const loadThemeRootWhenIdle = () => import('../../components/ThemeRoot');
export const loadCreateBetFlowWhenIdle = () => import('./CreateBetFlow');
