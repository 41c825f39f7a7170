// One chunk for a pot's dialogs, loaded when a screen hosting bet dialogs is idle (use-bet-dialogs).
export { JoinPotDialog } from './JoinPotDialog';
export { PotReportDialog } from './PotReportDialog';
