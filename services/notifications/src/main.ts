import { runServiceProcess } from '@tapinti/runtime/service-process';
import { notificationsModule } from './module';

void runServiceProcess(notificationsModule);
