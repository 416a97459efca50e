import { runServiceProcess } from '@tapinti/runtime/service-process';
import { auditModule } from './module';

void runServiceProcess(auditModule);
