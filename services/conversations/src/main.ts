import { runServiceProcess } from '@tapinti/runtime/service-process';
import { conversationsModule } from './module';

void runServiceProcess(conversationsModule);
