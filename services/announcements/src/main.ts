import { runServiceProcess } from '@tapinti/runtime/service-process';
import { announcementsModule } from './module';

void runServiceProcess(announcementsModule);
