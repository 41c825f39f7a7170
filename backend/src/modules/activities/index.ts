export { ActivitiesModule } from './activities.module.js';
export { ActivitiesService } from './activities.service.js';
