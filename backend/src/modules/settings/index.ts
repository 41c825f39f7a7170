export { AccountDeletionService } from './account-deletion.service.js';
export { SettingsModule } from './settings.module.js';
