import { runServiceProcess } from '@tapinti/runtime/service-process';
import { requestsModule } from './module';

void runServiceProcess(requestsModule);
