import { runServiceProcess } from '@tapinti/runtime/service-process';
import { organizationsModule } from './module';

void runServiceProcess(organizationsModule);
