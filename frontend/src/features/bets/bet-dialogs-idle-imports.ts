/**
 * The bet dialogs, fetched when idle (useLoadWhenIdle). useBetDialogs imports this module only dynamically,
 * so it is a chunk of its own, whose imports go without Vite's preload list (why: build.modulePreload in
 * vite.config.ts).
 */
export const loadBetDialogsWhenIdle = () =>
  Promise.all([
    import('./AcceptBetDialog'),
    import('./SubmitOutcomeDialog'),
    import('./SubmitResultDialog'),
    import('./pot/pot-dialogs'),
  ]);
