import { runServiceProcess } from '@tapinti/runtime/service-process';
import { authModule } from './module';

void runServiceProcess(authModule);
