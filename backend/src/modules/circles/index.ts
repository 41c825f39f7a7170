export type { CircleBetUpdate } from './circle-bet-update.js';
export { CircleFeed } from './circle-feed.service.js';
export { CirclesModule } from './circles.module.js';
